import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { List } from '../../components/chakra/List.ts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  deletionConsequences,
  type AccountDeletionPreview,
  type CreatedEventInfo,
  type EventChoice,
} from '@gatherly/domain/account-deletion';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { deleteMyAccount, loadDeletionPreview } from './account-data.ts';

/** What the person types to confirm; a deliberate word, not a click. */
export const CONFIRM_WORD = 'DELETE';
const DELETE_EVENT = 'delete';

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; preview: AccountDeletionPreview };

/**
 * "Delete my account": what will happen, said before anything does (docs/product.md, "Your
 * data"), the choice for each event they created, and a typed confirmation. A deletion that did
 * not finish is offered to be finished instead.
 */
export function DeleteAccountPanel() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadDeletionPreview().then(
      (preview) => live && setLoaded({ state: 'ready', preview }),
      (err: unknown) =>
        live &&
        setLoaded({
          state: 'error',
          message: errorMessage(
            err,
            "What your account holds couldn't be loaded. Please try again.",
          ),
        }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (loaded.state === 'loading') {
    return (
      <Stack gap="3" data-testid="deletion-loading">
        <Skeleton height="5" />
        <Skeleton height="5" />
        <Skeleton height="10" />
      </Stack>
    );
  }
  if (loaded.state === 'error') {
    return (
      <Stack gap="3" align="start">
        <Text color="fg.error">{loaded.message}</Text>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setLoaded({ state: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </Stack>
    );
  }
  return <DeletionForm preview={loaded.preview} />;
}

/**
 * Each event's choice to start from: the one made before (a deletion that did not finish) while
 * it is still possible, else the first admin (by name), else delete.
 */
function initialChoices(
  events: readonly CreatedEventInfo[],
  before: readonly EventChoice[],
): Record<string, string> {
  return Object.fromEntries(
    events.map((e) => {
      const earlier = before.find((c) => c.eventId === e.id);
      if (earlier?.action === 'delete') return [e.id, DELETE_EVENT];
      if (earlier && e.admins.some((a) => a.userId === earlier.toUserId))
        return [e.id, earlier.toUserId];
      return [e.id, e.admins[0]?.userId ?? DELETE_EVENT];
    }),
  );
}

function toChoices(selected: Record<string, string>): EventChoice[] {
  return Object.entries(selected).map(([eventId, value]) =>
    value === DELETE_EVENT
      ? { eventId, action: 'delete' }
      : { eventId, action: 'transfer', toUserId: value },
  );
}

function DeletionForm({ preview }: { preview: AccountDeletionPreview }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const pending = preview.pending;
  const [selected, setSelected] = useState(() =>
    initialChoices(preview.createdEvents, pending?.choices ?? []),
  );
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState('');

  const run = async (choices: EventChoice[]) => {
    if (!requireConnection('Deleting your account')) return;
    setDeleting(true);
    setFailure('');
    try {
      await deleteMyAccount(choices);
      await signOut();
      // After sign-out's own toast, so this one is the one shown.
      showToast({
        title: 'Account deleted',
        description: 'Your account and everything stored about you were deleted.',
        status: 'success',
      });
      void navigate(PATHS.home, { replace: true });
    } catch (err) {
      setFailure(
        errorMessage(err, 'Your account could not be deleted right now. Please try again.'),
      );
      setDeleting(false);
    }
  };

  const eventChoices =
    preview.createdEvents.length > 0 ? (
      <Stack gap="4">
        <Heading size="sm">Events you created</Heading>
        {preview.createdEvents.map((event) => (
          <EventChoiceField
            key={event.id}
            event={event}
            value={selected[event.id] ?? DELETE_EVENT}
            disabled={deleting}
            onChange={(value) => setSelected((s) => ({ ...s, [event.id]: value }))}
          />
        ))}
      </Stack>
    ) : null;

  if (pending) {
    // Events already handed over or deleted keep their choice; the rest are chosen here.
    const handled = pending.choices.filter((c) => !(c.eventId in selected));
    return (
      <Stack gap="4" align="start">
        <Text fontWeight="medium">Deleting your account did not finish.</Text>
        <Text fontSize="sm" color="fg.muted">
          Part of your data is already gone. Finish now to delete the rest and your sign-in.
        </Text>
        {(failure || pending.lastError) && (
          <Text color="fg.error" role="alert">
            {failure || pending.lastError}
          </Text>
        )}
        {eventChoices}
        <Button
          colorPalette="red"
          loading={deleting}
          onClick={() => void run([...handled, ...toChoices(selected)])}
        >
          Finish deleting my account
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <Box>
        <Heading size="sm" mb="2">
          What happens
        </Heading>
        <List.Root gap="1.5" ps="5" fontSize="sm" listStyleType="disc">
          {deletionConsequences(preview.counts).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List.Root>
      </Box>
      {eventChoices}
      <Field.Root>
        <Field.Label>Type {CONFIRM_WORD} to confirm</Field.Label>
        <Input
          value={typed}
          autoComplete="off"
          disabled={deleting}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Field.HelperText>This cannot be undone.</Field.HelperText>
      </Field.Root>
      {failure && (
        <Text color="fg.error" role="alert">
          {failure}
        </Text>
      )}
      <Box>
        <Button
          colorPalette="red"
          disabled={typed.trim() !== CONFIRM_WORD}
          loading={deleting}
          loadingText="Deleting your account…"
          onClick={() => void run(toChoices(selected))}
        >
          Delete my account
        </Button>
      </Box>
    </Stack>
  );
}

function EventChoiceField({
  event,
  value,
  disabled,
  onChange,
}: {
  event: CreatedEventInfo;
  value: string;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const members = `${event.memberCount} ${event.memberCount === 1 ? 'member' : 'members'}`;
  if (event.admins.length === 0) {
    return (
      <Box>
        <Text fontWeight="medium">
          {event.name}{' '}
          <Text as="span" color="fg.muted">
            ({members})
          </Text>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          It has no other admin to hand it over to, so it will be deleted for everyone, with its
          photos, schedule and travel. Make someone an admin first to hand it over instead.
        </Text>
      </Box>
    );
  }
  return (
    <Field.Root>
      <Field.Label>
        {event.name} ({members})
      </Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {event.admins.map((admin) => (
            <option key={admin.userId} value={admin.userId}>
              Hand it over to {admin.displayName || admin.email}
            </option>
          ))}
          <option value={DELETE_EVENT}>Delete it for everyone</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>
        {value === DELETE_EVENT
          ? 'The event, its photos, schedule and travel are deleted for every member.'
          : 'The admin becomes its creator; the event and everyone else’s part in it stay, and its limits follow their plan.'}
      </Field.HelperText>
    </Field.Root>
  );
}
