import type { HostAndPort } from '@firebase/rules-unit-testing';

/** Where the suite finds Firestore and Storage; handed from the global setup to the tests. */
export interface EmulatorEndpoints {
  firestore: HostAndPort;
  storage: HostAndPort;
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulators: EmulatorEndpoints;
  }
}

/** Parses `host:port` as the official tools write it (FIRESTORE_EMULATOR_HOST, ...). */
export function parseHostAndPort(variable: string, value: string | undefined): HostAndPort {
  if (!value) {
    throw new Error(
      `GATHERLY_EMULATORS=official needs ${variable}=host:port of a running emulator`,
    );
  }
  const url = new URL(`http://${value}`);
  const port = Number(url.port);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error(`${variable}=${value} is not host:port`);
  }
  // URL keeps IPv6 hosts bracketed; the SDKs want them bare.
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}
