// Banner data: admins save the banner's settings directly (the rules check role and shape).
import { updateDoc, type Firestore } from 'firebase/firestore';
import type { BannerSettings } from '@gatherly/domain/entities/events';
import { eventRef } from '../../lib/db/refs.ts';

/** Admins save the whole bannerSettings object in one write, as the rules expect. */
export function saveBannerSettings(db: Firestore, eventId: string, settings: BannerSettings) {
  return updateDoc(eventRef(db, eventId), { bannerSettings: settings });
}
