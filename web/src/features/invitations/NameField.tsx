import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';

/**
 * The name a guest signed in by e-mail link gives before accepting (their account came without
 * one). Its own chunk: the invitation's first screen, signed out, never shows it.
 */
export default function NameField({
  value,
  onChange,
}: {
  value: string;
  onChange(name: string): void;
}) {
  return (
    <Field.Root>
      <Field.Label>Your name</Field.Label>
      <Input
        name="displayName"
        autoComplete="name"
        maxLength={100}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <Field.HelperText>So the hosts and guests know who you are.</Field.HelperText>
    </Field.Root>
  );
}
