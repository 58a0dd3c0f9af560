"""Publications: documents assembled from the games -- puzzle books (and, as they land,
rulebooks, print-and-play kits and daily sheets)."""
