// The upload dialog's queue: files are validated when added, then uploaded one pipeline per
// file with progress, pause/resume (while the resumable transfer runs), cancel and retry.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { UploadTask } from 'firebase/storage';
import { useDb } from '../../lib/live/index.ts';
import {
  summarizeRestrictionMessages,
  validateBeforeUpload,
  type UploadRestrictions,
} from '@gatherly/domain/upload';
import type { CreatePhotoRequest } from '@gatherly/domain/api/requests';
import { newPhotoId } from './data.ts';
import { describeError } from '../../lib/errors.ts';
import { screenImageFiles } from '../../lib/image-files.ts';
import { forgetUpload, rememberUpload } from './unfinished-uploads.ts';
import { isCancelled, saveStoredPhoto, uploadPhoto } from './upload-pipeline.ts';

export type UploadStatus =
  'ready' | 'compressing' | 'uploading' | 'paused' | 'saving' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  progress: number;
  error: string | null;
  /** The batch of the Upload press that started it (a retry stays in it); null until started. */
  batchId: string | null;
  /**
   * Set once the image is in Storage: the record still to save. A retry sends only this, so an
   * upload whose record call failed (a busy server) is never uploaded again or lost.
   */
  stored?: CreatePhotoRequest;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh upload batch id, 20 random letters and digits like a Firestore id (getRandomValues,
 * unlike randomUUID, also works on a plain-http dev address).
 */
export function newBatchId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => ID_ALPHABET[b % 62]).join(
    '',
  );
}

export interface UploadQueue {
  items: UploadItem[];
  /** Adds the files that decode as images and pass the restrictions; resolves the messages for the rest. */
  add(files: File[]): Promise<string[]>;
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
  const db = useDb();
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  const tasks = useRef(new Map<string, UploadTask>());
  const captionRef = useRef('');
  const adding = useRef<Promise<unknown>>(Promise.resolve());
  const callbacks = useRef({ onUploaded, onFailed });
  // The latest list and callbacks for handlers and upload continuations, updated on commit
  // (before any handler can run) rather than during render.
  useLayoutEffect(() => {
    itemsRef.current = items;
    callbacks.current = { onUploaded, onFailed };
  });

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...change } : it)));
  }, []);

  const finish = useCallback(
    (item: UploadItem, work: Promise<void>) => {
      work.then(
        () => {
          tasks.current.delete(item.key);
          forgetUpload(eventId, item.key);
          patch(item.key, { status: 'done', progress: 100 });
          callbacks.current.onUploaded(item);
        },
        (err: unknown) => {
          tasks.current.delete(item.key);
          if (isCancelled(err)) return;
          console.error(`Uploading ${item.file.name} failed`, err);
          const message = describeError(err, `Failed to upload ${item.file.name}`);
          patch(item.key, { status: 'failed', error: message });
          callbacks.current.onFailed(item, message);
        },
      );
    },
    [eventId, patch],
  );

  const run = useCallback(
    (item: UploadItem, batchId: string) => {
      // The photo id is minted client-side so Storage paths and the record share it.
      const photoId = newPhotoId(db, eventId);
      patch(item.key, { status: 'compressing', progress: 0, error: null, batchId });
      rememberUpload(eventId, uid, item.key, item.file.name);
      const work = uploadPhoto(
        { eventId, uid, photoId, batchId, file: item.file, caption: captionRef.current },
        {
          onPhase: (phase) => patch(item.key, { status: phase }),
          onProgress: (progress) => patch(item.key, { progress }),
          onStored: (record) => patch(item.key, { stored: record }),
          onTask: (task) => {
            tasks.current.set(item.key, task);
            task.on('state_changed', (snap) => {
              if (snap.state === 'paused') patch(item.key, { status: 'paused' });
              else if (snap.state === 'running') patch(item.key, { status: 'uploading' });
            });
          },
        },
      );
      finish(item, work);
    },
    [db, eventId, uid, patch, finish],
  );

  const add = useCallback(
    (files: File[]) => {
      const check = async (): Promise<string[]> => {
        const current = itemsRef.current.map((it) => it.file);
        const running = itemsRef.current.some((it) => ACTIVE.includes(it.status));
        const { accepted, messages } = await screenImageFiles(files, current, restrictions, {
          allowNewUpload: !running,
        });
        if (accepted.length) {
          const added = accepted.map((file) => ({
            key: `upload-${++keySeq}`,
            file,
            status: 'ready' as const,
            progress: 0,
            error: null,
            batchId: null,
          }));
          // The next batch is checked against these before React re-renders.
          itemsRef.current = [...itemsRef.current, ...added];
          setItems((list) => [...list, ...added]);
        }
        return messages;
      };
      // One batch at a time (decoding is asynchronous), so limits and duplicates hold across them.
      const next = adding.current.then(check);
      adding.current = next.catch(() => undefined);
      return next;
    },
    [restrictions],
  );

  const remove = useCallback(
    (key: string) => {
      forgetUpload(eventId, key);
      tasks.current.get(key)?.cancel();
      tasks.current.delete(key);
      setItems((list) => list.filter((it) => it.key !== key));
    },
    [eventId],
  );

  const start = useCallback(
    (caption: string) => {
      const blocking = validateBeforeUpload(
        itemsRef.current.map((it) => it.file),
        restrictions,
      ).map((e) => e.message);
      if (blocking.length) return summarizeRestrictionMessages(blocking);
      captionRef.current = caption;
      // One Upload press is one batch: one activity line "… uploaded 5 photos".
      const batchId = newBatchId();
      for (const it of itemsRef.current) if (it.status === 'ready') run(it, batchId);
      return [];
    },
    [run, restrictions],
  );

  const retry = useCallback(
    (key: string) => {
      const it = itemsRef.current.find((i) => i.key === key);
      if (!it || it.status !== 'failed') return;
      if (it.stored) {
        // Already in Storage: only the record is sent again.
        patch(key, { status: 'saving', error: null });
        finish(it, saveStoredPhoto(eventId, it.stored));
      } else run(it, it.batchId ?? newBatchId());
    },
    [run, patch, finish, eventId],
  );

  const cancelAll = useCallback(() => {
    for (const it of itemsRef.current) forgetUpload(eventId, it.key);
    for (const task of tasks.current.values()) task.cancel();
    tasks.current.clear();
    setItems([]);
  }, [eventId]);

  useEffect(
    () => () => {
      for (const it of itemsRef.current) forgetUpload(eventId, it.key);
      for (const task of tasks.current.values()) task.cancel();
    },
    [eventId],
  );

  const busy = items.some((it) => ACTIVE.includes(it.status));
  // Leaving the page (reload, closing the tab) would cut the uploads off: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);

  return {
    items,
    add,
    remove,
    start,
    pause: (key) => tasks.current.get(key)?.pause(),
    resume: (key) => tasks.current.get(key)?.resume(),
    retry,
    cancelAll,
    busy,
  };
}
