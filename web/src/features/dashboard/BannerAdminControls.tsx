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
      <Switch.Root
        size="sm"
        colorPalette="brand"
        checked={autoRotate}
        onCheckedChange={(e) => onAutoRotate(e.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Auto-rotate</Switch.Label>
      </Switch.Root>
      <Switch.Root
        size="sm"
        colorPalette="brand"
        checked={fullWidth}
        onCheckedChange={(e) => onFullWidth(e.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Full width</Switch.Label>
      </Switch.Root>
    </>
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
