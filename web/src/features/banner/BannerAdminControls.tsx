// The banner's admin-only controls: they load for admins only, keeping their switch and progress
// machinery off a guest's dashboard (docs/performance.md, "JavaScript").
import { Progress } from '../../components/chakra/Progress.ts';
import { Switch } from '../../components/chakra/Switch.ts';

export function BannerSwitches({
  autoRotate,
  fullWidth,
  onAutoRotate,
  onFullWidth,
}: {
  autoRotate: boolean;
  fullWidth: boolean;
  onAutoRotate(on: boolean): void;
  onFullWidth(on: boolean): void;
}) {
  return (
    <>
      <BannerSwitch label="Auto-rotate" checked={autoRotate} onChange={onAutoRotate} />
      <BannerSwitch label="Full width" checked={fullWidth} onChange={onFullWidth} />
    </>
  );
}

function BannerSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <Switch.Root
      size="sm"
      colorPalette="brand"
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked)}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

export function BannerUploadProgress({ value }: { value: number | null }) {
  return (
    <Progress.Root value={value} size="xs" colorPalette="brand" aria-label="Banner upload progress">
      <Progress.Track borderRadius="0">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
