import {
  Box,
  Button,
  createListCollection,
  HStack,
  Portal,
  Stack,
  Text,
  useComboboxContext,
} from '@chakra-ui/react';
import { Combobox } from './chakra/Combobox.ts';
import { Input } from './chakra/Input.ts';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { TimeZoneOption } from '@gatherly/domain/time-zone-list';
import { useTimeZoneList, type TimeZoneList } from '../lib/time-zone-list.ts';

interface Props {
  label: string;
  /** The chosen IANA zone ('' for none yet). */
  value: string;
  onChange(zone: string): void;
  onBlur?(): void;
  /**
   * Inside a dialog the list is not portalled: the dialog keeps focus inside itself, and a list
   * outside it would close it.
   */
  inDialog?: boolean;
  helperText?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  name?: string;
}

const LOAD_FAILED = 'The time zone list could not be loaded. Check your connection and try again.';

/**
 * A searchable time-zone field (docs/decisions.md, "Time zones"): type a city, country, zone
 * name or abbreviation ("Napa" will not match, "Los Angeles", "Pacific" and "PDT" will). The list
 * is loaded on demand.
 */
export function TimeZonePicker(props: Props) {
  const state = useTimeZoneList();
  if (state.status === 'failed') {
    return (
      <Stack gap="1.5">
        <Text fontWeight="medium" fontSize="sm">
          {props.label}
        </Text>
        <Input value={props.value} readOnly disabled aria-label={props.label} />
        <HStack gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.error">
            {LOAD_FAILED}
          </Text>
          <Button size="xs" variant="outline" onClick={state.retry}>
            Retry
          </Button>
        </HStack>
      </Stack>
    );
  }
  return <ZoneCombobox {...props} list={state.status === 'ready' ? state.list : null} />;
}

/**
 * While the list is closed the input shows the chosen zone (also one chosen elsewhere: another
 * admin, the Settings prompt). The input is the combobox's own while the person types: a
 * controlled value would race its updates and drop keystrokes.
 */
function ShowChosenZone({ text }: { text: string }) {
  const combobox = useComboboxContext();
  useEffect(() => {
    if (!combobox.open && combobox.inputValue !== text) combobox.setInputValue(text);
  }, [combobox, text]);
  return null;
}

function ZoneCombobox({
  label,
  value,
  onChange,
  onBlur,
  inDialog,
  helperText,
  error,
  disabled,
  name,
  list,
}: Props & { list: TimeZoneList | null }) {
  const helperId = useId();
  const selected = useMemo(() => (list && value ? list.option(value) : null), [list, value]);
  // What the person is typing while the list is open; null shows the chosen zone.
  const [query, setQuery] = useState<string | null>(null);
  const items = useMemo(
    () => (list ? (query ? list.search(query) : list.options) : []),
    [list, query],
  );
  const collection = useMemo(
    () =>
      createListCollection<TimeZoneOption>({
        items,
        itemToValue: (o) => o.id,
        itemToString: (o) => o.label,
      }),
    [items],
  );
  const shown = selected?.label || value;
  const content = (
    <Combobox.Positioner>
      <Combobox.Content maxH="72" minW={{ base: '72', md: 'md' }}>
        <Combobox.Empty>No time zone matches “{query}”</Combobox.Empty>
        {items.map((option) => (
          <Combobox.Item item={option} key={option.id}>
            <Stack gap="0" minW="0">
              <Combobox.ItemText>
                {option.name} ({option.abbreviation})
              </Combobox.ItemText>
              <Text fontSize="xs" color="fg.muted" truncate>
                {[option.offset, option.cities.slice(0, 3).join(', ') || option.id]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Combobox.ItemIndicator />
          </Combobox.Item>
        ))}
      </Combobox.Content>
    </Combobox.Positioner>
  );
  return (
    <Combobox.Root
      collection={collection}
      value={selected ? [selected.id] : []}
      defaultInputValue={shown}
      onInputValueChange={(e) => {
        if (e.reason === 'input-change') setQuery(e.inputValue);
      }}
      onValueChange={(e) => {
        setQuery(null);
        const next = e.value[0];
        if (next && next !== selected?.id) onChange(next);
      }}
      onOpenChange={(e) => {
        if (!e.open) setQuery(null);
      }}
      openOnClick
      // Hundreds of zones: render the list only while it is open.
      lazyMount
      unmountOnExit
      disabled={disabled || !list}
      invalid={Boolean(error)}
      positioning={inDialog ? { strategy: 'fixed', sameWidth: true } : { sameWidth: true }}
      width="full"
    >
      <Combobox.Label>{label}</Combobox.Label>
      <ShowChosenZone text={shown} />
      <Combobox.Control>
        <Combobox.Input
          name={name}
          placeholder={list ? 'Search a city, country or time zone' : 'Loading time zones...'}
          aria-describedby={helperText || error ? helperId : undefined}
          // Typing replaces the shown zone instead of appending to it.
          onFocus={(e) => e.currentTarget.select()}
          onBlur={onBlur}
        />
        <Combobox.IndicatorGroup>
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      {(error || helperText) && (
        <Box id={helperId} fontSize="sm" color={error ? 'fg.error' : 'fg.muted'}>
          {error || helperText}
        </Box>
      )}
      {inDialog ? content : <Portal>{content}</Portal>}
    </Combobox.Root>
  );
}
