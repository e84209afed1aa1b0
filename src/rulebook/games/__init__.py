"""One module per game: the rules as small, pure, typed functions and named constants."""
