"""The ``audiospoons`` command's commands, one module each (or one per family), each with a
``run(args)``; ``cli`` loads only the one a command line names, so each loads what it needs."""
