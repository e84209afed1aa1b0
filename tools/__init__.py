"""Development tools kept out of the installed package: the mutation harness and the bench."""
