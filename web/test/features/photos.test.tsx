import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadTask } from 'firebase/storage';
import { resetToasts } from '../../src/lib/toast-store.ts';
import { searchQuery } from '@gatherly/domain/search';
import * as photosData from '../../src/features/photos/data.ts';
import * as api from '../../src/lib/api.ts';
import * as photoPages from '../../src/features/photos/use-photo-pages.ts';
import * as statsHook from '../../src/lib/use-event-stats.ts';
import * as wallData from '../../src/features/wall/data.ts';
import PhotosPage from '../../src/features/photos/PhotosPage.tsx';
import * as pipeline from '../../src/features/photos/upload-pipeline.ts';
import type { MemberRole } from '../../src/lib/types.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { goOffline } from '../offline.ts';
import { testDb } from './firebase-stub.ts';
import { photo } from './fixtures.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
}));
vi.mock('../../src/features/photos/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/photos/data.ts')>()),
  togglePhotoVote: vi.fn(),
  setPhotoFeatured: vi.fn(),
  deletePhoto: vi.fn(),
  usePhotoById: vi.fn(),
}));
vi.mock('../../src/features/photos/use-photo-pages.ts', () => ({ usePhotoPages: vi.fn() }));
vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../src/lib/use-event-stats.ts', () => ({ useEventStats: vi.fn() }));
vi.mock('../../src/features/wall/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/wall/data.ts')>()),
  loadWallQueue: vi.fn(),
  setPhotoWallState: vi.fn(),
}));
// jsdom decodes no images: a file "decodes" when its bytes start with the PNG signature, so the
// screens' recognition by content (not name or declared type) is what the tests exercise.
vi.mock('../../src/lib/image-decode.ts', () => ({
  decodesAsImage: (file: Blob) =>
    new Promise<boolean>((resolve) => {
      const reader = new FileReader();
      reader.onload = () =>
        resolve(new Uint8Array(reader.result as ArrayBuffer).join() === '137,80,78,71');
      reader.readAsArrayBuffer(file.slice(0, 4));
    }),
}));
vi.mock('../../src/features/photos/upload-pipeline.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/photos/upload-pipeline.ts')>()),
  uploadPhoto: vi.fn(),
}));
const data = vi.mocked(photosData);
const pages = vi.mocked(photoPages.usePhotoPages);
const eventStats = vi.mocked(statsHook.useEventStats);
const setVisibleRange = vi.fn();
const upload = vi.mocked(pipeline.uploadPhoto);
const wallQueue = vi.mocked(wallData.loadWallQueue);

/**
 * The gallery's pages as the server would answer them: the featured filter and the search
 * (word prefixes over the stored tokens) applied to `all`, `loaded` of them at most.
 */
function serve(
  all: photosData.GalleryPhoto[],
  { loading = false, loaded = all.length }: { loading?: boolean; loaded?: number } = {},
) {
  pages.mockImplementation((_eventId, _uid, filter) => {
    const search = searchQuery(filter.search);
    const matching = all.filter(
      (p) => (!filter.featured || p.isFeatured) && (!search || search.matches(p.searchTokens)),
    );
    return {
      loading,
      error: null,
      photos: matching.slice(0, loaded),
      hasMore: matching.length > loaded,
      setVisibleRange,
    };
  });
  eventStats.mockReturnValue({
    loading: false,
    members: null,
    photos: { total: all.length, featured: all.filter((p) => p.isFeatured).length },
    travel: null,
  });
}
const gallery = [
  photo('p1', { caption: 'Sunset on the beach', votes: 5, isFeatured: true, userVoted: true }),
  photo('p2', {
    caption: 'First dance',
    uploadedByUser: { displayName: 'Alan Turing', photoURL: '' },
  }),
  photo('p3', { caption: 'Cake!', votes: 2 }),
];

function renderPhotos(role: MemberRole = 'attendee', path = '/events/e1/photos') {
  const mine = makeMyEvent('e1', role);
  return renderScreen(<PhotosPage />, {
    path,
    pattern: '/events/:eventId/photos/:photoId?',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
  });
}

const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

function image(
  name: string,
  size = 1000,
  type = 'image/jpeg',
  content: BlobPart = PNG_BYTES,
): File {
  const file = new File([content], name, { type, lastModified: 1 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openUpload() {
  await userEvent.click(screen.getAllByRole('button', { name: 'Upload Photos' })[0]!);
  return screen.findByRole('dialog');
}

function addFiles(dialog: HTMLElement, files: File[]) {
  fireEvent.change(within(dialog).getByTestId('file-input'), { target: { files } });
}

beforeEach(() => {
  serve(gallery);
  data.usePhotoById.mockReturnValue({ status: 'loading' });
  wallQueue.mockResolvedValue({ count: 0, photos: [] });
});
afterEach(() => {
  resetToasts();
  vi.clearAllMocks();
});

describe('PhotosPage', () => {
  it('shows placeholders while loading', () => {
    serve([], { loading: true });
    renderPhotos();
    expect(screen.getByRole('heading', { name: 'Photo Gallery' })).toBeInTheDocument();
    expect(screen.getByTestId('photos-loading')).toBeInTheDocument();
  });

  it('shows the empty gallery state', () => {
    serve([]);
    renderPhotos();
    expect(screen.getByText('No Photos Yet')).toBeInTheDocument();
    expect(
      screen.getByText('Upload the first photos to start building your event gallery.'),
    ).toBeInTheDocument();
  });

  it('shows filter counts and cards with uploader, caption, votes and Featured badge', () => {
    renderPhotos();
    expect(screen.getByRole('button', { name: 'All Photos (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Featured (1)' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('photo-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Sunset on the beach')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Featured')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('vote-count')).toHaveTextContent('5');
    expect(within(cards[0]!).getByRole('button', { name: 'Remove vote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(cards[1]!).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Featured')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('img', { name: 'Sunset on the beach' })).toHaveAttribute(
      'src',
      'https://img.test/events/e1/thumbs/u2/p1.jpg',
    );
  });

  it('filters to featured photos and searches caption and uploader case-insensitively', async () => {
    renderPhotos();
    await userEvent.click(screen.getByRole('button', { name: 'Featured (1)' }));
    expect(screen.getAllByTestId('photo-card')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'All Photos (3)' }));
    await userEvent.type(screen.getByLabelText('Search photos'), 'ALAN');
    expect(screen.getAllByTestId('photo-card')).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText('Search photos'));
    await userEvent.type(screen.getByLabelText('Search photos'), 'cake');
    expect(screen.getByText('Cake!')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search photos'), 'zzz');
    expect(screen.getByText('No Photos Found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument();
  });

  it('toggles votes through the vote API', async () => {
    data.togglePhotoVote.mockResolvedValue({ voteCount: 1, userVoted: true });
    renderPhotos();
    await userEvent.click(screen.getAllByRole('button', { name: 'Vote for this photo' })[0]!);
    expect(data.togglePhotoVote).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p2', userVoted: false }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove vote' }));
    expect(data.togglePhotoVote).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p1', userVoted: true }),
    );
  });

  it('disables the heart while its vote is on the way, then enables it again', async () => {
    let answer: (value: { voteCount: number; userVoted: boolean }) => void = () => undefined;
    data.togglePhotoVote.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderPhotos();
    const heart = screen.getAllByRole('button', { name: 'Vote for this photo' })[0]!;
    await userEvent.click(heart);
    expect(heart).toBeDisabled();
    answer({ voteCount: 1, userVoted: true });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(data.togglePhotoVote).toHaveBeenCalledTimes(1);
  });

  it('lets admins toggle Featured; attendees do not see the toggle', async () => {
    data.setPhotoFeatured.mockResolvedValue(undefined);
    const { unmount } = renderPhotos('attendee');
    expect(screen.queryByRole('button', { name: 'Mark as featured' })).not.toBeInTheDocument();
    unmount();
    renderPhotos('admin');
    await userEvent.click(screen.getAllByRole('button', { name: 'Mark as featured' })[0]!);
    expect(data.setPhotoFeatured).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }), true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove from featured' }));
    expect(data.setPhotoFeatured).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p1' }),
      false,
    );
  });

  it('Download All hands the browser a short-lived link to the zip and says so', async () => {
    const apiRequest = vi.mocked(api.apiRequest);
    apiRequest.mockResolvedValue({
      url: '/api/events/e1/photo-archives/abc',
      fileName: 'beach-wedding-photos.zip',
      photoCount: 3,
    });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderPhotos('attendee');
    expect(screen.queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download All' }));
    // Not idempotent (each call records a new link): sent without the retry option.
    expect(apiRequest).toHaveBeenCalledWith('POST', '/api/events/e1/photo-archives', {});
    expect(clicked.map((a) => [a.getAttribute('href'), a.download])).toEqual([
      ['/api/events/e1/photo-archives/abc', 'beach-wedding-photos.zip'],
    ]);
    expect(
      await screen.findByText(
        '3 photos in beach-wedding-photos.zip. Your browser shows the progress and can cancel it.',
      ),
    ).toBeInTheDocument();
    click.mockRestore();
  });

  it('admins select photos and download just those; a refusal is a sentence', async () => {
    const apiRequest = vi.mocked(api.apiRequest);
    apiRequest.mockRejectedValueOnce(new api.ApiError(400, 'There are no photos to download yet'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPhotos('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByText('Select the photos to download')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Selected' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Select photo: First dance' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Select photo: Sunset on the beach' }),
    );
    expect(screen.getByText('2 photos selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download Selected' }));
    // In gallery order, whatever order they were picked in.
    expect(apiRequest).toHaveBeenCalledWith('POST', '/api/events/e1/photo-archives', {
      photoIds: ['p1', 'p2'],
    });
    expect(await screen.findByText('There are no photos to download yet')).toBeInTheDocument();
    expect(screen.getByText('2 photos selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('photo-selection')).not.toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('renders only the visible rows of a 10,000-photo gallery, sized by the stored count', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => photo(`p${i}`));
    serve(many, { loaded: 20 });
    renderPhotos();
    expect(screen.getByRole('button', { name: 'All Photos (10000)' })).toBeInTheDocument();
    const rendered = screen.getAllByTestId('photo-card').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(20);
    // The scroll height is the whole gallery's; rows not loaded yet show placeholders.
    expect(screen.getAllByTestId('grid-placeholder').length).toBeGreaterThan(0);
    // The grid tells the pager which photos are on screen.
    expect(setVisibleRange).toHaveBeenCalledWith(0, expect.any(Number));
  });

  it('asks the pager for the filter and search the person chose', async () => {
    renderPhotos();
    await userEvent.click(screen.getByRole('button', { name: 'Featured (1)' }));
    await userEvent.type(screen.getByLabelText('Search photos'), 'sun');
    expect(pages).toHaveBeenLastCalledWith(
      'e1',
      'u1',
      { featured: true, search: 'sun' },
      expect.any(Number),
    );
  });

  it('shows every restriction message of rejected files', async () => {
    renderPhotos();
    const dialog = await openUpload();
    addFiles(dialog, [
      image('notes.txt', 10, 'text/plain', 'Packing list'),
      image('huge.jpg', 10485761),
      image('ok.jpg', 10485760),
    ]);
    expect(
      await within(dialog).findByText(
        'notes.txt could not be opened as an image. You can only upload: image/*',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('huge.jpg exceeds maximum allowed size of 10 MB'),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('upload-item')).toHaveLength(1);
    addFiles(dialog, [image('ok.jpg', 10485760)]);
    expect(
      await within(dialog).findByText("Cannot add the duplicate file 'ok.jpg', it already exists"),
    ).toBeInTheDocument();
    addFiles(
      dialog,
      Array.from({ length: 10 }, (_, i) => image(`more-${i}.jpg`)),
    );
    expect(await within(dialog).findByText('You can only upload 10 files')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('upload-item')).toHaveLength(10);
    expect(within(dialog).getByRole('button', { name: 'Upload 10 photos' })).toBeInTheDocument();
  });

  it('recognises images by their content: a text file renamed .jpg is refused by name, a real image with any name is taken', async () => {
    renderPhotos();
    const dialog = await openUpload();
    addFiles(dialog, [
      image('packing-list.jpg', 40, 'image/jpeg', 'Packing list: sunscreen'),
      image('screenshot.dat', 1000, 'application/octet-stream'),
    ]);
    expect(
      await within(dialog).findByText(
        'packing-list.jpg could not be opened as an image. You can only upload: image/*',
      ),
    ).toBeInTheDocument();
    const queued = within(dialog).getAllByTestId('upload-item');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toHaveTextContent('screenshot.dat');
    expect(dialog).not.toHaveTextContent('[object');
  });

  it('shows an upload failure as a sentence, never "[object Event]"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // What the image decoder rejects with when a file is not an image: a DOM Event, not an Error.
    upload.mockRejectedValueOnce(new Event('error'));
    renderPhotos();
    const dialog = await openUpload();
    addFiles(dialog, [image('beach.jpg')]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload 1 photo' }));
    expect(await within(dialog).findByText('Failed to upload beach.jpg')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('[object');
  });

  it('offline: says uploading needs a connection and disables Upload', async () => {
    const restore = goOffline();
    try {
      renderPhotos();
      const dialog = await openUpload();
      addFiles(dialog, [image('beach.jpg')]);
      expect(
        await within(dialog).findByText(
          "Uploading photos needs a connection. You're offline: try again when you're back online.",
        ),
      ).toBeInTheDocument();
      expect(await within(dialog).findByRole('button', { name: 'Upload 1 photo' })).toBeDisabled();
    } finally {
      restore();
    }
  });

  it('asks before leaving while uploads run, and names unfinished uploads after a reload', async () => {
    upload.mockImplementation(() => new Promise<void>(() => undefined));
    const { unmount } = renderPhotos();
    const dialog = await openUpload();
    addFiles(dialog, [image('sunset.jpg'), image('lanterns.jpg')]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload 2 photos' }));
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    // The page goes away mid-upload (reload): the next page load of this event names the files.
    window.dispatchEvent(new Event('pagehide'));
    const stored = JSON.parse(localStorage.getItem('gatherly.uploadsInFlight.e1') ?? '[]') as {
      page: string;
    }[];
    expect(stored).toHaveLength(2);
    unmount();
    localStorage.setItem(
      'gatherly.uploadsInFlight.e1',
      JSON.stringify(stored.map((e) => ({ ...e, page: 'an-earlier-page', interrupted: true }))),
    );
    renderPhotos();
    const notice = await screen.findByTestId('unfinished-uploads');
    expect(notice).toHaveTextContent('2 uploads did not finish');
    expect(notice).toHaveTextContent('sunset.jpg and lanterns.jpg were still uploading');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('unfinished-uploads')).not.toBeInTheDocument();
    expect(localStorage.getItem('gatherly.uploadsInFlight.e1')).toBeNull();
  });

  it('uploads with progress, pause/resume, the success toast and a retry after failure', async () => {
    const task = { pause: vi.fn(), resume: vi.fn(), cancel: vi.fn(), on: vi.fn() };
    const controls: {
      finish?: () => void;
      fail?: (e: Error) => void;
      hooks?: pipeline.PipelineHooks;
    } = {};
    upload.mockImplementation(
      (_input, hooks) =>
        new Promise<void>((resolve, reject) => {
          controls.hooks = hooks;
          controls.finish = resolve;
          controls.fail = reject;
          hooks.onPhase('uploading');
          hooks.onTask(task as unknown as UploadTask);
          hooks.onProgress(40);
        }),
    );
    renderPhotos();
    const dialog = await openUpload();
    addFiles(dialog, [image('beach.jpg')]);
    await userEvent.type(within(dialog).getByLabelText('Caption (optional)'), 'Beach day');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload 1 photo' }));
    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({
        eventId: 'e1',
        uid: 'u1',
        caption: 'Beach day',
      }),
      expect.anything(),
    );
    expect(await within(dialog).findByText(/Uploading\.\.\. 40%/)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(task.pause).toHaveBeenCalled();

    await act(async () => controls.fail?.(new Error('storage/unknown')));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload photo. Please try again.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(upload).toHaveBeenCalledTimes(2);
    // The retry stays in its batch (one activity line).
    expect(upload.mock.calls[1]![0].batchId).toBe(upload.mock.calls[0]![0].batchId);
    await act(async () => controls.finish?.());
    expect(await screen.findByText('Photo Uploaded')).toBeInTheDocument();
    expect(screen.getByText('Your photo has been uploaded successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument(),
    );
  });
});

describe('the wall queue', () => {
  const waiting = {
    id: 'p9',
    imageUrl: 'https://img.example/p9.jpg',
    thumbUrl: '',
    uploaderName: 'Ada Lovelace',
    caption: 'Toast',
    votes: 0,
    featured: false,
    uploadedAt: '2027-06-12T20:00:00.000Z',
  };

  it('admins see the count of photos waiting; a new upload asks again at once', async () => {
    // The photo count as the live stats listener delivers it.
    let stats = { loading: false, members: null, photos: { total: 3, featured: 1 }, travel: null };
    const listeners = new Set<() => void>();
    eventStats.mockImplementation(() =>
      useSyncExternalStore(
        (onChange) => {
          listeners.add(onChange);
          return () => listeners.delete(onChange);
        },
        () => stats,
      ),
    );
    renderPhotos('admin');
    await waitFor(() => expect(wallQueue).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('wall-queue-button')).not.toBeInTheDocument();
    wallQueue.mockResolvedValue({ count: 1, photos: [waiting] });
    // A guest's upload reaches the live photo count: the queue asks again without waiting.
    act(() => {
      stats = { ...stats, photos: { total: 4, featured: 1 } };
      listeners.forEach((l) => l());
    });
    expect(wallQueue).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('wall-queue-count')).toHaveTextContent('1');
    await userEvent.click(screen.getByTestId('wall-queue-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('attendees have no queue and never ask for it', () => {
    renderPhotos('attendee');
    expect(wallQueue).not.toHaveBeenCalled();
  });
});

describe('upload batches', () => {
  it('one Upload press is one batch for every photo in it; the next press is another', async () => {
    upload.mockResolvedValue(undefined);
    renderPhotos();
    const dialog = await openUpload();
    addFiles(dialog, [image('a.jpg'), image('b.jpg'), image('c.jpg')]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload 3 photos' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    const first = upload.mock.calls.map(([input]) => input.batchId);
    // A Firestore-style id: what the server's batchId pattern accepts.
    expect(first[0]).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(first).size).toBe(1);

    addFiles(dialog, [image('d.jpg')]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload 1 photo' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(4));
    expect(upload.mock.calls[3]![0].batchId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(upload.mock.calls[3]![0].batchId).not.toBe(first[0]);
  });
});

describe('PhotoViewer', () => {
  const viewer = () => screen.findByTestId('photo-viewer');
  const openCard = (caption: string) =>
    userEvent.click(screen.getByRole('button', { name: `Open photo: ${caption}` }));

  it('opens a photo full screen; ← → move through the loaded photos; Esc closes and restores focus', async () => {
    const { router } = renderPhotos();
    const opener = screen.getByRole('button', { name: 'Open photo: First dance' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const view = await viewer();
    expect(router.state.location.pathname).toBe('/events/e1/photos/p2');
    expect(await within(view).findByRole('heading', { name: 'First dance' })).toBeInTheDocument();
    expect(view).toHaveTextContent('Alan Turing');
    expect(within(view).getByTestId('viewer-position')).toHaveTextContent('2 of 3');
    expect(within(view).getByTestId('viewer-image')).toHaveAttribute(
      'src',
      'https://img.test/events/e1/photos/u2/p2.jpg',
    );
    // The viewer holds the focus: Tab cycles inside it.
    await waitFor(() => expect(view.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(view.contains(document.activeElement)).toBe(true);
    }

    await userEvent.keyboard('{ArrowRight}');
    expect(await within(view).findByRole('heading', { name: 'Cake!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/e1/photos/p3');
    // The last loaded photo: → stays, there is no Next button.
    await userEvent.keyboard('{ArrowRight}');
    expect(within(view).getByRole('heading', { name: 'Cake!' })).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(
      await within(view).findByRole('heading', { name: 'Sunset on the beach' }),
    ).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Previous photo' })).not.toBeInTheDocument();
    await userEvent.click(within(view).getByRole('button', { name: 'Next photo' }));
    expect(await within(view).findByRole('heading', { name: 'First dance' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('photo-viewer')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/events/e1/photos');
    await waitFor(() => expect(opener).toHaveFocus());
    // Photos in the loaded pages are never read again by id.
    expect(data.usePhotoById).not.toHaveBeenCalledWith('e1', 'u1', expect.any(String));
  });

  it('swipes to the next and previous photo on a touch screen', async () => {
    renderPhotos();
    await openCard('First dance');
    const view = await viewer();
    const image = await within(view).findByTestId('viewer-image');
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(image, { touches: [{ clientX: from, clientY: 300 }] });
      fireEvent.touchEnd(image, { changedTouches: [{ clientX: to, clientY: 310 }] });
    };
    swipe(300, 100);
    expect(await within(view).findByRole('heading', { name: 'Cake!' })).toBeInTheDocument();
    swipe(100, 300);
    expect(await within(view).findByRole('heading', { name: 'First dance' })).toBeInTheDocument();
    // A short drag is not a swipe.
    swipe(200, 180);
    expect(within(view).getByRole('heading', { name: 'First dance' })).toBeInTheDocument();
  });

  it('votes from the viewer through the same vote API as the cards', async () => {
    data.togglePhotoVote.mockResolvedValue({ voteCount: 1, userVoted: true });
    renderPhotos();
    await openCard('Sunset on the beach');
    const view = await viewer();
    expect(within(view).getByTestId('viewer-vote-count')).toHaveTextContent('5');
    await userEvent.click(within(view).getByRole('button', { name: 'Remove vote' }));
    expect(data.togglePhotoVote).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p1', userVoted: true }),
    );
  });

  it('shows the Featured toggle to admins only', async () => {
    data.setPhotoFeatured.mockResolvedValue(undefined);
    const { unmount } = renderPhotos('attendee');
    await openCard('Sunset on the beach');
    let view = await viewer();
    expect(within(view).getByText('Featured')).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: /featured/i })).not.toBeInTheDocument();
    unmount();
    renderPhotos('admin');
    await openCard('Sunset on the beach');
    view = await viewer();
    await userEvent.click(within(view).getByRole('button', { name: 'Remove from featured' }));
    expect(data.setPhotoFeatured).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p1' }),
      false,
    );
  });

  it('deletes after confirmation (uploader or admins) and moves on to the next photo', async () => {
    data.deletePhoto.mockResolvedValue(undefined);
    serve([photo('mine', { caption: 'My photo', uploadedBy: 'u1' }), ...gallery.slice(1)]);
    const { router, unmount } = renderPhotos('attendee');
    await openCard('First dance');
    let view = await viewer();
    // Someone else's photo: an attendee cannot delete it.
    expect(within(view).queryByRole('button', { name: 'Delete photo' })).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await within(view).findByRole('heading', { name: 'My photo' })).toBeInTheDocument();

    await userEvent.click(within(view).getByRole('button', { name: 'Delete photo' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this photo?' });
    expect(confirm).toHaveTextContent(
      '“My photo” and its votes will be removed for everyone in the event. This cannot be undone.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(data.deletePhoto).not.toHaveBeenCalled();
    // Esc in the confirmation closes it, not the viewer.
    await userEvent.click(within(view).getByRole('button', { name: 'Delete photo' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('photo-viewer')).toBeInTheDocument();

    await userEvent.click(within(view).getByRole('button', { name: 'Delete photo' }));
    confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete photo' }));
    expect(data.deletePhoto).toHaveBeenCalledWith(expect.objectContaining({ id: 'mine' }));
    expect(await screen.findByText('Photo deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e1/photos/p2'));
    // The Delete button is gone (not this person's photo): focus stays in the viewer.
    expect(await within(view).findByRole('heading', { name: 'First dance' })).toBeInTheDocument();
    await waitFor(() => expect(view.contains(document.activeElement)).toBe(true));
    unmount();

    renderPhotos('admin');
    await openCard('Cake!');
    view = await viewer();
    expect(within(view).getByRole('button', { name: 'Delete photo' })).toBeInTheDocument();
  });

  it('shows a failed delete as a sentence and keeps the photo open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    data.deletePhoto.mockRejectedValue(
      new Error('Only the uploader or event admins can delete this photo'),
    );
    renderPhotos('admin');
    await openCard('Cake!');
    const view = await viewer();
    await userEvent.click(within(view).getByRole('button', { name: 'Delete photo' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete photo' }),
    );
    expect(
      await screen.findByText('Only the uploader or event admins can delete this photo'),
    ).toBeInTheDocument();
    expect(within(view).getByRole('heading', { name: 'Cake!' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('[object');
  });

  it('a deep link opens the viewer on a photo outside the loaded pages, read by its id', async () => {
    data.usePhotoById.mockImplementation((_e, _u, id) =>
      id === 'p9'
        ? { status: 'found', photo: photo('p9', { caption: 'Old favourite', votes: 7 }) }
        : { status: 'loading' },
    );
    renderPhotos('attendee', '/events/e1/photos/p9');
    const view = await viewer();
    expect(await within(view).findByRole('heading', { name: 'Old favourite' })).toBeInTheDocument();
    expect(within(view).getByTestId('viewer-vote-count')).toHaveTextContent('7');
    expect(data.usePhotoById).toHaveBeenCalledWith('e1', 'u1', 'p9');
    // Outside the loaded window there is no neighbour to move to.
    expect(within(view).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Previous photo' })).not.toBeInTheDocument();
  });

  it('a deep link to a photo in the loaded pages opens it without another read', async () => {
    renderPhotos('attendee', '/events/e1/photos/p3');
    const view = await viewer();
    expect(await within(view).findByRole('heading', { name: 'Cake!' })).toBeInTheDocument();
    expect(data.usePhotoById).not.toHaveBeenCalledWith('e1', 'u1', 'p3');
  });

  it('an unknown or deleted photo id shows a sentence, never an error page', async () => {
    data.usePhotoById.mockReturnValue({ status: 'missing' });
    const { router } = renderPhotos('attendee', '/events/e1/photos/gone');
    const view = await viewer();
    expect(
      await within(view).findByRole('heading', { name: 'Photo not found' }),
    ).toBeInTheDocument();
    expect(view).toHaveTextContent(
      'This photo is not in the gallery. It may have been deleted, or the link is incomplete.',
    );
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await userEvent.click(within(view).getByRole('button', { name: 'Back to the gallery' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e1/photos'));
    await waitFor(() => expect(screen.queryByTestId('photo-viewer')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('photo-card')).toHaveLength(3);
  });
});
