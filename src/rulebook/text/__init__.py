"""Text analysis: the numbers, comparatives, words and markup a rule's prose holds."""
