/**
 * Names for the request bodies clients build most, each inferred from its endpoint's schema
 * (api/contract.ts, `BodyOf`): no request type is written by hand.
 */
import type { BodyOf } from './contract.ts';
import type { API } from './endpoints.ts';

export type CreateEventRequest = BodyOf<typeof API.createEvent>;
export type RsvpRequest = BodyOf<typeof API.setRsvp>;
export type CreateFlightRequest = BodyOf<typeof API.addFlight>;
export type CreateCarpoolRequest = BodyOf<typeof API.addCarpool>;
export type CreatePhotoRequest = BodyOf<typeof API.recordPhoto>;
export type BannerPhotoRequest = BodyOf<typeof API.setBannerPhoto>;
export type InviteMemberRequest = BodyOf<typeof API.inviteMember>;
export type CreateAnnouncementRequest = BodyOf<typeof API.sendAnnouncement>;
