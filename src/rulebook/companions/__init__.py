"""Companions at the table: each solo opponent run by its game's rule functions, one tap at a
time (``rulebook.kit.companion`` says how). One module per game, named as its game package;
each holds ``COMPANION``. They decide nothing themselves: every decision is a call to the
game's rule functions, and the pages only draw what these modules say."""
