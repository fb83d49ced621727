// The upload dialog's queue: files are validated when added, then uploaded one pipeline per
// file with progress, pause/resume (while the resumable transfer runs), cancel and retry.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadTask } from 'firebase/storage';
import { useFirestore, useStorage } from 'reactfire';
import {
  summarizeRestrictionMessages,
  validateBeforeUpload,
  validateFilesToAdd,
  type UploadRestrictions,
} from '@gatherly/domain/upload';
import { newPhotoId } from './data.ts';
import { isCancelled, uploadPhoto } from './upload-pipeline.ts';

export type UploadStatus =
  'ready' | 'compressing' | 'uploading' | 'paused' | 'saving' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  progress: number;
  error: string | null;
}

export interface UploadQueue {
  items: UploadItem[];
  /** Adds the files that pass the restrictions; returns the messages for the rest. */
  add(files: File[]): string[];
  remove(key: string): void;
  /** Starts every waiting file; returns the restriction messages that block the start. */
  start(caption: string): string[];
  pause(key: string): void;
  resume(key: string): void;
  retry(key: string): void;
  cancelAll(): void;
  busy: boolean;
}

interface Options {
  eventId: string;
  uid: string;
  restrictions: Readonly<UploadRestrictions>;
  onUploaded(item: UploadItem): void;
  onFailed(item: UploadItem, message: string): void;
}

let keySeq = 0;

const ACTIVE: readonly UploadStatus[] = ['compressing', 'uploading', 'paused', 'saving'];

export function useUploadQueue({
  eventId,
  uid,
  restrictions,
  onUploaded,
  onFailed,
}: Options): UploadQueue {
  const storage = useStorage();
  const db = useFirestore();
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const tasks = useRef(new Map<string, UploadTask>());
  const captionRef = useRef('');
  const callbacks = useRef({ onUploaded, onFailed });
  callbacks.current = { onUploaded, onFailed };

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...change } : it)));
  }, []);

  const run = useCallback(
    (item: UploadItem) => {
      // The photo id is minted client-side so Storage paths and the record share it.
      const photoId = newPhotoId(db, eventId);
      patch(item.key, { status: 'compressing', progress: 0, error: null });
      uploadPhoto(
        { storage, eventId, uid, photoId, file: item.file, caption: captionRef.current },
        {
          onPhase: (phase) => patch(item.key, { status: phase }),
          onProgress: (progress) => patch(item.key, { progress }),
          onTask: (task) => {
            tasks.current.set(item.key, task);
            task.on('state_changed', (snap) => {
              if (snap.state === 'paused') patch(item.key, { status: 'paused' });
              else if (snap.state === 'running') patch(item.key, { status: 'uploading' });
            });
          },
        },
      ).then(
        () => {
          tasks.current.delete(item.key);
          patch(item.key, { status: 'done', progress: 100 });
          callbacks.current.onUploaded(item);
        },
        (err: unknown) => {
          tasks.current.delete(item.key);
          if (isCancelled(err)) return;
          const message = err instanceof Error ? err.message : String(err);
          patch(item.key, { status: 'failed', error: message });
          callbacks.current.onFailed(item, message);
        },
      );
    },
    [db, storage, eventId, uid, patch],
  );

  const add = useCallback(
    (files: File[]) => {
      const current = itemsRef.current.map((it) => it.file);
      const running = itemsRef.current.some((it) => ACTIVE.includes(it.status));
      const { accepted, rejected } = validateFilesToAdd(files, current, restrictions, {
        allowNewUpload: !running,
      });
      const errors = summarizeRestrictionMessages(rejected.map((r) => r.message));
      if (accepted.length) {
        setItems((list) => [
          ...list,
          ...accepted.map((file) => ({
            key: `upload-${++keySeq}`,
            file,
            status: 'ready' as const,
            progress: 0,
            error: null,
          })),
        ]);
      }
      return errors;
    },
    [restrictions],
  );

  const remove = useCallback((key: string) => {
    tasks.current.get(key)?.cancel();
    tasks.current.delete(key);
    setItems((list) => list.filter((it) => it.key !== key));
  }, []);

  const start = useCallback(
    (caption: string) => {
      const blocking = validateBeforeUpload(
        itemsRef.current.map((it) => it.file),
        restrictions,
      ).map((e) => e.message);
      if (blocking.length) return summarizeRestrictionMessages(blocking);
      captionRef.current = caption;
      for (const it of itemsRef.current) if (it.status === 'ready') run(it);
      return [];
    },
    [run, restrictions],
  );

  const retry = useCallback(
    (key: string) => {
      const it = itemsRef.current.find((i) => i.key === key);
      if (it && it.status === 'failed') run(it);
    },
    [run],
  );

  const cancelAll = useCallback(() => {
    for (const task of tasks.current.values()) task.cancel();
    tasks.current.clear();
    setItems([]);
  }, []);

  useEffect(
    () => () => {
      for (const task of tasks.current.values()) task.cancel();
    },
    [],
  );

  return {
    items,
    add,
    remove,
    start,
    pause: (key) => tasks.current.get(key)?.pause(),
    resume: (key) => tasks.current.get(key)?.resume(),
    retry,
    cancelAll,
    busy: items.some((it) => ACTIVE.includes(it.status)),
  };
}
