// Reads a request's or a response's body as text, at most `limit` bytes: a
// declared Content-Length over it, or a stream that passes it, throws
// `tooLarge()` at once and the rest is never read. The app's route handlers
// and the service's HTTP provider use it.
export async function readTextUpTo(
  message: Request | Response,
  limit: number,
  tooLarge: () => Error,
): Promise<string> {
  if (Number(message.headers.get("content-length")) > limit) throw tooLarge();
  if (!message.body) return "";
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
