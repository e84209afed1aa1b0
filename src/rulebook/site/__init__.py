"""The site: the Sphinx build of both languages, its extension, short links and PDFs."""
