"""What the book gives besides its site: forum quotes, the JSON export, published IDs."""
