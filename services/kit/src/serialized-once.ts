import type { FastifyReply } from 'fastify';

/**
 * For a route whose answer depends on one kept object only (a cached copy the route is handed again and again):
 * the answer's JSON is made once per such object, by the route's own response serializer, kept while the object
 * lives (a WeakMap: it goes with the copy), and sent as it is. One per route (the serializer is the route's).
 */
export function serializedOnce<K extends object>() {
  const kept = new WeakMap<K, string>();
  return (reply: FastifyReply, key: K, body: () => unknown): FastifyReply => {
    let json = kept.get(key);
    if (json === undefined) kept.set(key, (json = reply.serialize(body()) as string));
    // a string payload with a JSON type is sent as it is (the typed send expects the object it stands for)
    return reply.type('application/json; charset=utf-8').send(json as never);
  };
}
