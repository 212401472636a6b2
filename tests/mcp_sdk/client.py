"""Drives `codesearch mcp serve` with the official MCP Python SDK.

argv: BINARY ROOT MODE CALLS_JSON; CODESEARCH_INDEX_DIR, when set, is passed on. MODE is the SDK's connect mode: "legacy" (the
initialize handshake) or "auto" (server/discover, the stateless era when the server
offers it). Prints one JSON report on stdout.
"""

import asyncio
import json
import os
import sys

import jsonschema
from mcp import Client, StdioServerParameters


async def main() -> None:
    binary, root, mode, calls = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    # The SDK gives the server a minimal environment; the index location is passed on.
    env = {k: v for k, v in os.environ.items() if k == "CODESEARCH_INDEX_DIR"}
    server = StdioServerParameters(command=binary, args=["mcp", "serve", root], env=env)
    report = {"tools": {}, "calls": {}}
    async with Client(server, mode=mode, read_timeout_seconds=60) as client:
        report["protocol_version"] = client.protocol_version
        report["server_name"] = client.server_info.name if client.server_info else None
        tools = (await client.list_tools()).tools
        schemas = {}
        for tool in tools:
            jsonschema.Draft202012Validator.check_schema(tool.input_schema)
            schemas[tool.name] = tool.input_schema
            report["tools"][tool.name] = {
                "read_only": bool(tool.annotations and tool.annotations.read_only_hint),
                "described": len(tool.description or "") > 40,
            }
        for name, arguments in calls.items():
            jsonschema.validate(arguments, schemas[name])
            result = await client.call_tool(name, arguments)
            report["calls"][name] = {
                "is_error": bool(result.is_error),
                "payload": json.loads(result.content[0].text),
            }
    print(json.dumps(report))


asyncio.run(main())
