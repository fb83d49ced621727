// Levelled logging for the emulator's parts; tests run it silent, the standalone command at info.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function isLogLevel(value: string): value is LogLevel {
  return value in rank;
}

export function createLogger(component: string, level: LogLevel = 'info'): Logger {
  const emit = (at: LogLevel, message: string): void => {
    if (rank[at] < rank[level]) return;
    const line = `${new Date().toISOString()} [${component}] ${at.toUpperCase()} ${message}`;
    if (at === 'error' || at === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (m) => emit('debug', m),
    info: (m) => emit('info', m),
    warn: (m) => emit('warn', m),
    error: (m) => emit('error', m),
  };
}
