// Request schemas of the photo wall (wall.ts holds its rules and messages).
import * as yup from 'yup';
import { WALL_PACE_CHOICES } from './wall.ts';

/** PUT /api/events/{e}/wall-settings: the pace and whether photos wait for approval. */
export const wallSettingsSchema = yup.object({
  paceSeconds: yup
    .number()
    .required('Choose how long each photo stays')
    .oneOf([...WALL_PACE_CHOICES], `Choose ${WALL_PACE_CHOICES.join(', ')} seconds per photo`),
  approveFirst: yup.boolean().required('Say whether photos wait for approval'),
});
export type WallSettingsValues = yup.InferType<typeof wallSettingsSchema>;

/** PUT /api/events/{e}/photos/{p}/wall: an admin shows (approves) or hides a photo. */
export const photoWallStateSchema = yup.object({
  state: yup
    .string()
    .required('Say whether the photo is shown or hidden')
    .oneOf(['shown', 'hidden'] as const, 'A photo is either shown or hidden on the wall'),
});
export type PhotoWallStateValues = yup.InferType<typeof photoWallStateSchema>;
