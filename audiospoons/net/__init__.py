"""Online play: the wire format, the sans-I/O protocol, and the asyncio relay and client."""
