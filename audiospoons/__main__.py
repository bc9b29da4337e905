from audiospoons.cli import main

raise SystemExit(main())
