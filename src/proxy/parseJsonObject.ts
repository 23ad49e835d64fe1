const decoder = new TextDecoder();

/**
 * A JSON object read from bytes, or `undefined` for anything else (invalid JSON, an array,
 * a primitive): what the proxy reads of the answers and seals it handles itself.
 */
export function parseJsonObject(
  bytes: Uint8Array | ArrayBuffer,
): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(decoder.decode(bytes));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
