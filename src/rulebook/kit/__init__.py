"""The kit the game modules import: checked input, tables of the text, glossary terms."""
