/**
 * Build-time stand-in for `firebase/database` (aliased in vite.config.ts). reactfire builds a
 * module-level table from five Realtime Database functions, which keeps the whole ~35 KB gzip
 * SDK in every signed-in page although Gatherly never uses the Realtime Database. Calling any
 * of these fails loudly instead.
 */
function unused(name: string): never {
  throw new Error(
    `firebase/database.${name}: the Realtime Database is not part of Gatherly's bundle`,
  );
}

export const get = () => unused('get');
export const off = () => unused('off');
export const onChildAdded = () => unused('onChildAdded');
export const onChildChanged = () => unused('onChildChanged');
export const onChildMoved = () => unused('onChildMoved');
export const onChildRemoved = () => unused('onChildRemoved');
export const onValue = () => unused('onValue');
