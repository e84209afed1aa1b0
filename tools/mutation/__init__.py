"""The mutation harness: how much of the text and the code the check really holds."""
