from rulebook.cli import main

raise SystemExit(main())
