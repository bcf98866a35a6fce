"""Drives `spotter mcp` with the official Python MCP client (the `mcp` package from PyPI).

Usage: python mcp_client_check.py PLAN.json
PLAN: {"command": "/path/spotter", "args": ["--database", "..."],
       "sessions": [{"as_user": 2, "calls": [{"tool": "search_facts", "arguments": {...}}, ...]}, ...]}
Prints one JSON document: per session the server's name, the listed tools (name, input schema)
and per call either the result (is_error, structured content, text) or the MCP error (code,
message). The Swift test (SpotterCLITests/MCPClientTests) asserts on it; this script asserts
nothing itself beyond the protocol working.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
try:  # mcp 2.x
    from mcp.shared.exceptions import MCPError as McpError
except ImportError:  # mcp 1.x
    from mcp.shared.exceptions import McpError


def field(obj, *names):
    """The first present attribute: mcp 2.x renamed camelCase fields to snake_case."""
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    return None


async def run_session(plan, session_plan):
    params = StdioServerParameters(
        command=plan["command"],
        args=["mcp", "--as-user", str(session_plan["as_user"])] + plan.get("args", []),
        env=plan.get("env"),
    )
    report = {"as_user": session_plan["as_user"], "results": []}
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            report["server_name"] = field(init, "server_info", "serverInfo").name
            report["server_version"] = field(init, "server_info", "serverInfo").version
            report["protocol_version"] = str(field(init, "protocol_version", "protocolVersion"))
            listed = await session.list_tools()
            report["tools"] = [
                {
                    "name": t.name,
                    "input_schema": field(t, "input_schema", "inputSchema"),
                    "read_only": bool(t.annotations and field(t.annotations, "read_only_hint", "readOnlyHint")),
                }
                for t in listed.tools
            ]
            for call in session_plan["calls"]:
                entry = {"tool": call["tool"], "arguments": call.get("arguments")}
                try:
                    result = await session.call_tool(call["tool"], call.get("arguments"))
                    entry["ok"] = True
                    entry["is_error"] = bool(field(result, "is_error", "isError"))
                    entry["structured"] = field(result, "structured_content", "structuredContent")
                    entry["text"] = "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")
                except McpError as error:
                    entry["ok"] = False
                    entry["error_code"] = error.error.code
                    entry["error_message"] = error.error.message
                report["results"].append(entry)
    return report


async def main():
    with open(sys.argv[1]) as handle:
        plan = json.load(handle)
    sessions = []
    for session_plan in plan["sessions"]:
        sessions.append(await asyncio.wait_for(run_session(plan, session_plan), timeout=120))
    json.dump({"sessions": sessions}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    asyncio.run(main())
