// Where a service process listens, read from what it printed: Fastify logs
// "Server listening at http://HOST:PORT" (pino, a JSON object a line) once it has
// bound, so a test can start the process on port 0 (the system picks a port no one
// holds) instead of picking a port that another process may take first.
import { z } from "zod";

const LogLine = z.object({ msg: z.string() });
const LISTENING = /^Server listening at (http:\/\/[^\s]+:\d+)$/;

/** The first address the output says a server listens at, or undefined before it has. */
export function listeningUrl(output: string): string | undefined {
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue;
    }
    const log = LogLine.safeParse(parsed);
    const url = log.success ? LISTENING.exec(log.data.msg)?.[1] : undefined;
    if (url) return url;
  }
  return undefined;
}
