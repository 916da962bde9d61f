/**
 * The success envelope of DESIGN.md §3: `success` and a human message beside the body's own
 * properties (a list adds its paging, see page.ts). Built here only, so every route answers alike.
 */
export type Enveloped<T> = T & { success: true; message: string };

/** The body's properties follow the message, as they always have: a body's own wins. */
export function enveloped<T extends object>(message: string, body: T): Enveloped<T> {
  return { success: true, message, ...body };
}
