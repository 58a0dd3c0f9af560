"""``python -m tilepress ...`` runs the ``tilepress`` command."""

if __name__ == "__main__":
    from tilepress.cli import main

    raise SystemExit(main())
