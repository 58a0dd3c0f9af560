"""Pages as plain data (model), laid out and drawn (layout), puzzle pages, card sheets and
the words of templates (markup). Documents know no game."""
