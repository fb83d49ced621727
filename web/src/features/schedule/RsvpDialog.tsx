import {
  Alert,
  Box,
  Button,
  CloseButton,
  HStack,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { Dialog } from '../../components/chakra/Dialog.ts';
import { Field } from '../../components/chakra/Field.ts';
import { Fieldset } from '../../components/chakra/Fieldset.ts';
import { Input } from '../../components/chakra/Input.ts';
import { Separator } from '../../components/chakra/Separator.ts';
import { DialogForm, FormDialogFooter } from '../../components/FormDialog.tsx';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import {
  MAX_PLUS_ONE_NAME,
  plusOneAllowanceText,
  spotsLeftText,
  type GuestAnswers,
  type GuestQuestion,
} from '@gatherly/domain/rsvp-options';
import { showToast } from '../../lib/toast-store.ts';
import { ApiError } from '../../lib/api.ts';
import { describeError } from '../../lib/errors.ts';
import { showQueuedToast } from '../../lib/offline/offline-toast.ts';
import { headsGoing, type ScheduleEntry } from './data.ts';
import { setMyRsvp } from './rsvp-data.ts';
import type { RsvpTarget } from './rsvp-queue.ts';
import { GuestQuestionFields } from './GuestQuestionFields.tsx';
import {
  initialRsvpValues,
  previewPlacement,
  toRsvpRequest,
  validateRsvpForm,
  type RsvpFormRules,
  type RsvpFormValues,
} from './rsvp-form.ts';
import { questionsToAsk, type GoingContext } from './rsvp-step.ts';

export interface RsvpDialogProps {
  item: ScheduleEntry;
  target: RsvpTarget;
  /** 'going': the member chose Going; 'party': they change the party of their Going. */
  mode: 'going' | 'party';
  context: GoingContext;
  /** Opened for someone who just joined: one empty guest row ready, left blank = alone. */
  welcome?: boolean;
  onClose(): void;
}

const FAILURE = 'Could not save your RSVP. Please try again.';

/**
 * The RSVP step of a Going (docs/product.md, "Plus-ones, questions and waitlists"): the party
 * with named guests up to the allowance, the host's questions on a first Going, and the spots
 * left on an item with a capacity. A party too large for the spots left is refused with the
 * server's sentence and may join the waitlist instead. Loaded when first opened.
 */
export default function RsvpDialog(props: RsvpDialogProps) {
  const { item, mode, context, onClose } = props;
  // Loaded on demand, so it mounts closed and opens right after (docs/web.md, "Chakra gotcha").
  const [open, setOpen] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed-then-open commit is the point (docs/web.md, "Chakra gotcha")
  useEffect(() => setOpen(true), []);
  const [busy, setBusy] = useState(false);
  // Answers still loading: the questions to ask are not known yet.
  const ready = context.storedAnswers !== undefined;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="rsvp-dialog">
            {ready ? (
              <RsvpForm
                {...props}
                questions={mode === 'going' ? questionsToAsk(context) : []}
                storedAnswers={context.storedAnswers ?? null}
                onBusy={setBusy}
              />
            ) : (
              <>
                <Dialog.Header>
                  <Dialog.Title>{titleOf(mode, item.title)}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <HStack gap="2" color="fg.muted">
                    <Spinner size="sm" /> <Text>Loading...</Text>
                  </HStack>
                </Dialog.Body>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const titleOf = (mode: RsvpDialogProps['mode'], title: string) =>
  mode === 'going' ? `Going to ${title}` : `Your party for ${title}`;

/** The server's refusal, and whether waiting is the way out (not for a member already going). */
interface Failure {
  message: string;
  canWait: boolean;
}

function RsvpForm({
  item,
  target,
  mode,
  context,
  welcome,
  questions,
  storedAnswers,
  onClose,
  onBusy,
}: RsvpDialogProps & {
  questions: readonly GuestQuestion[];
  storedAnswers: GuestAnswers | null;
  onBusy(busy: boolean): void;
}) {
  const [failure, setFailure] = useState<Failure | null>(null);
  // The refusal appears under the questions: bring it (and Join the waitlist) into view.
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [failure]);
  const offerGuest = welcome === true && context.allowance > 0 && item.myGuests.length === 0;
  const rules: RsvpFormRules = {
    allowance: context.allowance,
    questions,
    // The first Going answers every required question (the RSVP function checks the same).
    requireAll: true,
    dropBlankGuests: offerGuest,
  };

  const send = async (values: RsvpFormValues, waitlist: boolean) => {
    setFailure(null);
    onBusy(true);
    try {
      const outcome = await setMyRsvp(target, toRsvpRequest(values, rules, { waitlist }));
      if (outcome === 'queued') showQueuedToast('RSVP saved');
      else if (outcome === 'waitlisted')
        showToast({
          title: "You're on the waitlist",
          description: `You'll get a spot for ${item.title} as soon as one opens, and an e-mail saying so.`,
          status: 'info',
        });
      else
        showToast({
          title: 'RSVP saved',
          description: `You're going to ${item.title}.`,
          status: 'success',
        });
      onClose();
    } catch (err) {
      console.error('RSVP failed', err);
      if (err instanceof ApiError && err.status === 409)
        setFailure({ message: err.message, canWait: item.myStatus !== 'going' });
      else setFailure({ message: describeError(err, FAILURE), canWait: false });
    } finally {
      onBusy(false);
    }
  };

  const form = useFormik<RsvpFormValues>({
    initialValues: initialRsvpValues(
      offerGuest ? [{ name: '', child: false }] : item.myGuests,
      questions,
      storedAnswers,
    ),
    validate: (values) => validateRsvpForm(values, rules),
    validateOnBlur: false,
    onSubmit: (values) => send(values, false),
  });
  const joinWaitlist = async () => {
    const errors = await form.validateForm();
    if (Object.keys(errors).length) return;
    form.setSubmitting(true);
    await send(form.values, true);
    form.setSubmitting(false);
  };

  const { guests } = form.values;
  const showErrors = form.submitCount > 0;
  const errors = showErrors ? form.errors : {};
  const guestErrors = Array.isArray(errors.guests) ? errors.guests : [];
  const partyMessage = typeof errors.guests === 'string' ? errors.guests : null;
  const answerErrors =
    errors.answers && typeof errors.answers === 'object'
      ? (errors.answers as Record<string, string>)
      : undefined;
  const showParty = context.allowance > 0 || guests.length > 0;
  const placement =
    item.capacity === null || item.capacity === undefined
      ? 'going'
      : previewPlacement({
          capacity: item.capacity,
          counts: {
            going: item.rsvpCounts.going,
            maybe: item.rsvpCounts.maybe,
            notGoing: item.rsvpCounts.notGoing,
            goingHeads: headsGoing(item.rsvpCounts),
            waitlisted: item.rsvpCounts.waitlisted ?? 0,
            waitlistedHeads: item.rsvpCounts.waitlistedHeads ?? 0,
          },
          myStatus: item.myStatus,
          myHeads: 1 + item.myGuests.length,
          party: 1 + guests.length,
        });
  const submitLabel =
    mode === 'party'
      ? 'Save party'
      : placement === 'waitlisted'
        ? 'Join the waitlist'
        : 'RSVP Going';

  const setGuest = (index: number, patch: Partial<(typeof guests)[number]>) =>
    void form.setFieldValue(
      'guests',
      guests.map((g, i) => (i === index ? { ...g, ...patch } : g)),
    );

  return (
    <DialogForm onSubmit={form.handleSubmit} scrollInside>
      <Dialog.Header>
        <Dialog.Title>{titleOf(mode, item.title)}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          {item.capacity !== null && item.capacity !== undefined && (
            <Box data-testid="rsvp-spots">
              <Text fontWeight="medium">
                {spotsLeftText(item.capacity, headsGoing(item.rsvpCounts))}
              </Text>
              {placement === 'waitlisted' && (
                <Text fontSize="sm" color="fg.muted">
                  {item.myStatus === 'waitlisted'
                    ? "You're on the waitlist and keep your place in line."
                    : "You'll join the waitlist and get a spot automatically when one opens."}
                </Text>
              )}
              {typeof placement === 'object' && (
                <Text fontSize="sm" color="fg.muted">
                  {placement.refused}.
                </Text>
              )}
            </Box>
          )}

          {showParty && (
            <Fieldset.Root invalid={Boolean(partyMessage)}>
              <Fieldset.Legend fontWeight="semibold">Your party</Fieldset.Legend>
              <Fieldset.HelperText>
                {plusOneAllowanceText(context.allowance)}
                {offerGuest && ". Leave the name empty if you're coming alone."}
              </Fieldset.HelperText>
              <Stack gap="3" mt="2">
                {guests.map((guest, index) => {
                  const label = `Guest ${index + 1}`;
                  const nameError = guestErrors[index];
                  const message = typeof nameError === 'object' ? nameError.name : undefined;
                  return (
                    <HStack
                      key={index}
                      role="group"
                      aria-label={label}
                      align="end"
                      gap="3"
                      wrap="wrap"
                      data-testid="party-guest"
                    >
                      <Field.Root
                        invalid={Boolean(message)}
                        required={!offerGuest}
                        flex="1"
                        minW="40"
                      >
                        <Field.Label>
                          {label}
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <Input
                          name={`guests.${index}.name`}
                          placeholder="Name"
                          autoComplete="off"
                          maxLength={MAX_PLUS_ONE_NAME}
                          value={guest.name}
                          // A row just added takes the focus; typing starts there.
                          autoFocus={index === guests.length - 1 && guest.name === ''}
                          onChange={(e) => setGuest(index, { name: e.target.value })}
                        />
                        {message && <Field.ErrorText>{message}</Field.ErrorText>}
                      </Field.Root>
                      <HStack gap="3" pb="2">
                        <Checkbox.Root
                          checked={guest.child}
                          onCheckedChange={(e) => setGuest(index, { child: e.checked === true })}
                          size="sm"
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>Child</Checkbox.Label>
                        </Checkbox.Root>
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Remove guest ${index + 1}`}
                          onClick={() =>
                            void form.setFieldValue(
                              'guests',
                              guests.filter((_, i) => i !== index),
                            )
                          }
                        >
                          Remove
                        </Button>
                      </HStack>
                    </HStack>
                  );
                })}
                {guests.length < context.allowance && (
                  <Button
                    size="sm"
                    variant="outline"
                    alignSelf="start"
                    onClick={() =>
                      void form.setFieldValue('guests', [...guests, { name: '', child: false }])
                    }
                  >
                    Add a guest
                  </Button>
                )}
              </Stack>
              {partyMessage && <Fieldset.ErrorText>{partyMessage}</Fieldset.ErrorText>}
            </Fieldset.Root>
          )}

          {questions.length > 0 && (
            <>
              {showParty && <Separator />}
              <Stack gap="3">
                <Box>
                  <Text fontWeight="semibold">A few questions from the host</Text>
                  <Text fontSize="sm" color="fg.muted">
                    Only you and the event&apos;s hosts see your answers.
                    {questions.some((q) => q.required) && ' Questions marked * need an answer.'}
                  </Text>
                </Box>
                <GuestQuestionFields
                  questions={questions}
                  values={form.values.answers}
                  errors={answerErrors}
                  disabled={form.isSubmitting}
                  onChange={(id, value) => void form.setFieldValue(`answers.${id}`, value)}
                />
              </Stack>
            </>
          )}

          {failure && (
            <Alert.Root
              ref={failureRef}
              status={failure.canWait ? 'warning' : 'error'}
              role="alert"
            >
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{failure.message}</Alert.Title>
                {failure.canWait && (
                  <>
                    <Alert.Description>
                      Join the waitlist to get a spot for your whole party when one opens, or bring
                      fewer guests.
                    </Alert.Description>
                    <Button
                      size="sm"
                      colorPalette="brand"
                      alignSelf="start"
                      mt="2"
                      loading={form.isSubmitting}
                      onClick={() => void joinWaitlist()}
                    >
                      Join the waitlist
                    </Button>
                  </>
                )}
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        submitLabel={submitLabel}
        submittingLabel="Saving..."
        submitting={form.isSubmitting}
        onCancel={onClose}
      />
    </DialogForm>
  );
}
