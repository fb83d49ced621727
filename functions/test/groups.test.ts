import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GROUP_MESSAGES, MAX_GROUPS_PER_EVENT, groupLimit } from '@gatherly/domain/groups';
import { reminderMailId } from '@gatherly/domain/email/reminders';
import type { Announcement } from '@gatherly/domain/entities/activity';
import { announcementMailId } from '@gatherly/domain/email/announcements';
import { recordActivity } from '../src/services/activity.ts';
import { followItemLimit } from '../src/services/groups-activity.ts';
import { followMemberGroups } from '../src/services/member-groups.ts';
import { fanOutAnnouncement } from '../src/services/announcements.ts';
import { sendDueReminders } from '../src/services/reminders.ts';
import { foldRsvpCounts } from '../src/services/rsvp-count.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { eventWithRoles, grantApiAccess, invite, login, seedMember } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Group = { id: string; name: string };

const LINKS = { origin: 'http://app.test', linkSecret: 'groups-test-secret-0123456789' };

async function createGroup(eventId: string, as: TestUser, name: string): Promise<Group> {
  const res = await stack.call<{ group: Group }>('POST', `/api/events/${eventId}/groups`, {
    as,
    body: { name },
  });
  if (res.status !== 201) throw new Error(`create group ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.group;
}

const assign = (
  eventId: string,
  groupId: string,
  as: TestUser,
  add: string[],
  remove: string[] = [],
) =>
  stack.call('PUT', `/api/events/${eventId}/groups/${groupId}/members`, {
    as,
    body: { add, remove },
  });

async function groupsOf(eventId: string, user: TestUser) {
  return (await stack.store.member(eventId, user.uid).get()).data()?.groupIds ?? [];
}

async function limitedItem(eventId: string, title: string, groupIds: string[], startTime?: string) {
  const ref = stack.store.schedule(eventId).doc();
  await ref.set({
    id: ref.id,
    eventId,
    title,
    description: '',
    startTime: startTime ?? '2031-06-12T19:00:00.000Z',
    endTime: null,
    location: 'The boathouse',
    createdBy: 'seed',
    createdAt: Timestamp.now(),
    ...groupLimit(groupIds),
  });
  return ref.id;
}

describe('guest groups', () => {
  it('admins define, rename and delete groups; names are unique and capped; others cannot', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const party = await createGroup(eventId, admin, 'Wedding party');
    expect(party.name).toBe('Wedding party');
    const post = (as: TestUser, name: unknown) =>
      stack.call('POST', `/api/events/${eventId}/groups`, { as, body: { name } });
    expect(await post(creator, ' wedding PARTY ')).toEqual({
      status: 409,
      body: { error: GROUP_MESSAGES.duplicate },
    });
    expect(await post(creator, '   ')).toEqual({
      status: 400,
      body: { error: GROUP_MESSAGES.nameRequired },
    });
    expect((await post(attendee, 'Family')).status).toBe(403);
    const rename = await stack.call('PATCH', `/api/events/${eventId}/groups/${party.id}`, {
      as: creator,
      body: { name: 'Bridal party' },
    });
    expect(rename).toMatchObject({ status: 200, body: { group: { name: 'Bridal party' } } });
    for (let i = 1; i < MAX_GROUPS_PER_EVENT; i += 1) await createGroup(eventId, admin, `G${i}`);
    expect(await post(admin, 'One too many')).toEqual({
      status: 409,
      body: { error: GROUP_MESSAGES.tooMany },
    });
    // In use (a member, or an item's limit): refused; unused: deleted.
    expect((await assign(eventId, party.id, admin, [attendee.uid])).status).toBe(200);
    const del = () =>
      stack.call('DELETE', `/api/events/${eventId}/groups/${party.id}`, { as: admin });
    expect(await del()).toEqual({ status: 409, body: { error: GROUP_MESSAGES.inUse } });
    expect((await assign(eventId, party.id, admin, [], [attendee.uid])).status).toBe(200);
    const item = await limitedItem(eventId, 'Rehearsal dinner', [party.id]);
    expect((await del()).status).toBe(409);
    await stack.store.schedule(eventId).doc(item).update(groupLimit([]));
    expect(await del()).toEqual({ status: 200, body: { deleted: true, id: party.id } });
    expect(await del()).toEqual({ status: 404, body: { error: GROUP_MESSAGES.notFound } });
  });

  it('assigns several members at once, all or nothing', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const family = await createGroup(eventId, creator, 'Family');
    const other = await createGroup(eventId, creator, 'Out of town');
    expect(await assign(eventId, family.id, admin, [attendee.uid, admin.uid, creator.uid])).toEqual(
      {
        status: 200,
        body: { groupId: family.id, changed: 3 },
      },
    );
    expect((await assign(eventId, other.id, admin, [attendee.uid])).status).toBe(200);
    expect(await groupsOf(eventId, attendee)).toEqual([family.id, other.id]);
    // Again: nothing changes.
    expect((await assign(eventId, family.id, admin, [attendee.uid])).body).toEqual({
      groupId: family.id,
      changed: 0,
    });
    // A uid that is not a member: nothing is written, not even the valid ones.
    const res = await assign(eventId, family.id, admin, [], [attendee.uid, 'nobody-here']);
    expect(res.status).toBe(404);
    expect(await groupsOf(eventId, attendee)).toEqual([family.id, other.id]);
    expect((await assign(eventId, family.id, admin, [], [attendee.uid])).status).toBe(200);
    expect(await groupsOf(eventId, attendee)).toEqual([other.id]);
    expect((await assign(eventId, family.id, attendee, [attendee.uid])).status).toBe(403);
    expect((await assign(eventId, 'no-such-group', admin, [attendee.uid])).status).toBe(404);
    expect(
      await stack.call('PUT', `/api/events/${eventId}/groups/${family.id}/members`, {
        as: admin,
        body: { add: [], remove: [] },
      }),
    ).toEqual({ status: 400, body: { error: GROUP_MESSAGES.noMembers } });
  });

  it('the groups travel with an invitation and apply on accepting', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const party = await createGroup(eventId, creator, 'Wedding party');
    const guest = newUser('bestman');
    await login(stack, guest);
    const res = await stack.call<{ inviteUrl: string }>('POST', `/api/events/${eventId}/members`, {
      as: creator,
      body: { userEmail: guest.email, role: 'attendee', groupIds: [party.id] },
    });
    expect(res.status).toBe(201);
    const token = res.body.inviteUrl.split('/invite/')[1] as string;
    expect(
      (await stack.call('POST', `/api/invitations/${token}/accept`, { as: guest })).status,
    ).toBe(200);
    expect(await groupsOf(eventId, guest)).toEqual([party.id]);
    const stranger = newUser('stranger');
    expect(
      await stack.call('POST', `/api/events/${eventId}/members`, {
        as: creator,
        body: { userEmail: stranger.email, groupIds: ['made-up'] },
      }),
    ).toEqual({ status: 400, body: { error: GROUP_MESSAGES.unknownGroups } });
    // Without groups, as before.
    const plain = newUser('plain');
    await login(stack, plain);
    await invite(stack, eventId, creator, plain, 'attendee', true);
    expect(await groupsOf(eventId, plain)).toEqual([]);
  });

  it('a limited item: listed, answered and read only by its groups and the admins', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const inside = newUser('inside');
    await login(stack, inside);
    await seedMember(stack.store, eventId, inside);
    await grantApiAccess(stack, creator, admin, attendee, inside);
    const party = await createGroup(eventId, creator, 'Wedding party');
    expect((await assign(eventId, party.id, creator, [inside.uid])).status).toBe(200);
    const dinner = await limitedItem(eventId, 'Rehearsal dinner', [party.id]);
    const titles = async (as: TestUser) =>
      (
        await stack.call<{ schedule: { title: string }[] }>(
          'GET',
          `/api/events/${eventId}/schedule`,
          { as },
        )
      ).body.schedule.map((i) => i.title);
    expect(await titles(attendee)).toEqual([]);
    expect(await titles(inside)).toEqual(['Rehearsal dinner']);
    expect(await titles(admin)).toEqual(['Rehearsal dinner']);
    const rsvp = (as: TestUser) =>
      stack.call('PUT', `/api/events/${eventId}/schedule/${dinner}/rsvp`, {
        as,
        body: { status: 'going' },
      });
    const unknown = { status: 404, body: { error: 'Schedule item not found' } };
    expect(await rsvp(attendee)).toEqual(unknown);
    expect(
      await stack.call('GET', `/api/events/${eventId}/schedule/${dinner}/rsvp`, { as: attendee }),
    ).toEqual(unknown);
    expect((await rsvp(inside)).status).toBe(200);
    expect((await rsvp(admin)).status).toBe(200);
    // A host cannot record an answer for a guest outside the item's groups.
    expect(
      await stack.call('PUT', `/api/events/${eventId}/schedule/${dinner}/rsvps/${attendee.uid}`, {
        as: creator,
        body: { status: 'going' },
      }),
    ).toEqual({ status: 409, body: { error: GROUP_MESSAGES.notInItemGroups } });
    await foldRsvpCounts(eventId, dinner);
    const counts = (await stack.store.schedule(eventId).doc(dinner).get()).data()?.rsvpCounts;
    expect(counts).toMatchObject({ going: 2 });
  });

  it('a limited item keeps no lines in the feed; lifting the limit brings its line back', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const party = await createGroup(eventId, creator, 'Wedding party');
    const dinner = await limitedItem(eventId, 'Rehearsal dinner', [party.id]);
    const line = () => stack.store.activity(eventId).doc(`schedule:${dinner}`).get();
    await recordActivity(eventId, 'schedule', dinner);
    expect((await line()).exists).toBe(false);
    await stack.store.schedule(eventId).doc(dinner).update(groupLimit([]));
    await followItemLimit(eventId, dinner);
    expect((await line()).data()?.title).toContain('Rehearsal dinner');
    // A recorded answer's line, then the limit again: every line of the item goes.
    await stack.store
      .activity(eventId)
      .doc(`rsvp:${dinner}:someone`)
      .set({
        id: `rsvp:${dinner}:someone`,
        kind: 'rsvp',
        actor: null,
        subjectId: `${dinner}:someone`,
        title: 'Host recorded Someone as going to Rehearsal dinner',
        at: Timestamp.now(),
      });
    await stack.store
      .schedule(eventId)
      .doc(dinner)
      .update(groupLimit([party.id]));
    await followItemLimit(eventId, dinner);
    const left = await stack.store
      .activity(eventId)
      .get()
      .then((s) => s.docs.filter((d) => d.id.includes(dinner)));
    expect(left).toEqual([]);
  });

  it('an announcement about a limited item: e-mailed to its group, read by admins, no feed line, hidden when an item is limited later', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const inside = newUser('inside');
    await login(stack, inside);
    await seedMember(stack.store, eventId, inside);
    await grantApiAccess(stack, creator, admin, attendee, inside);
    const party = await createGroup(eventId, creator, 'Wedding party');
    expect((await assign(eventId, party.id, creator, [inside.uid])).status).toBe(200);
    const dinner = await limitedItem(eventId, 'Rehearsal dinner', [party.id]);
    const announce = async (scheduleId: string, status: string) => {
      const res = await stack.call<{ announcement: { id: string } }>(
        'POST',
        `/api/events/${eventId}/announcements`,
        {
          as: creator,
          body: { message: 'Dress code: smart casual', audience: { scheduleId, status } },
        },
      );
      if (res.status !== 201) throw new Error(`announce ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.announcement.id;
    };
    const sent = await announce(dinner, 'no_response');
    // The request's own fan-out needs the deployment's link secret; the scheduler's does this.
    await fanOutAnnouncement(eventId, sent, LINKS);
    const record = async (id: string) =>
      (await stack.store.announcements(eventId).doc(id).get()).data();
    expect(await record(sent)).toMatchObject({ itemLimited: true });
    const mailed = async (id: string, u: TestUser) =>
      (await stack.store.mailDoc(announcementMailId(eventId, id, u.uid)).get()).exists;
    expect(await mailed(sent, inside)).toBe(true);
    expect(await mailed(sent, attendee)).toBe(false);
    const line = async (id: string) =>
      (await stack.store.activity(eventId).doc(`announcement:${id}`).get()).exists;
    await recordActivity(eventId, 'announcement', sent);
    expect(await line(sent)).toBe(false);

    // An item open to everyone, announced about, then limited: its announcements follow.
    const lunch = await limitedItem(eventId, 'Lunch', []);
    const open = await announce(lunch, 'no_response');
    expect(await record(open)).toMatchObject({ itemLimited: false });
    await recordActivity(eventId, 'announcement', open);
    expect(await line(open)).toBe(true);
    await stack.store
      .schedule(eventId)
      .doc(lunch)
      .update(groupLimit([party.id]));
    await followItemLimit(eventId, lunch);
    expect(await record(open)).toMatchObject({ itemLimited: true });
    expect(await line(open)).toBe(false);
    await stack.store.schedule(eventId).doc(lunch).update(groupLimit([]));
    await followItemLimit(eventId, lunch);
    expect(await record(open)).toMatchObject({ itemLimited: false });
    expect(await line(open)).toBe(true);
  });

  it("a limited item's seat and polls are not found outside its groups", async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    await grantApiAccess(stack, creator, admin, attendee);
    const party = await createGroup(eventId, creator, 'Wedding party');
    const dinner = await limitedItem(eventId, 'Rehearsal dinner', [party.id]);
    expect(
      await stack.call('GET', `/api/events/${eventId}/schedule/${dinner}/seating/mine`, {
        as: attendee,
      }),
    ).toEqual({ status: 404, body: { error: 'Schedule item not found' } });
    // Its date poll follows its groups: the outsider cannot answer it, as if it did not exist.
    const poll = await stack.call<{ poll: { id: string; options: { id: string }[] } }>(
      'POST',
      `/api/events/${eventId}/polls`,
      {
        as: creator,
        body: {
          scheduleId: dinner,
          options: [{ start: '2031-07-01T18:00:00.000Z' }, { start: '2031-07-02T18:00:00.000Z' }],
        },
      },
    );
    expect(poll.status).toBe(201);
    const ballot = await stack.call(
      'PUT',
      `/api/events/${eventId}/polls/${poll.body.poll.id}/ballot`,
      { as: attendee, body: { answers: { [poll.body.poll.options[0]!.id]: 'yes' } } },
    );
    expect(ballot).toEqual({ status: 404, body: { error: 'Poll not found' } });
  });

  it("a group's guest list totals: answers carry their member's groups, counted by aggregation", async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const party = await createGroup(eventId, creator, 'Wedding party');
    await stack.store.event(eventId).update({ plusOnesAllowed: 3 });
    const dinner = await limitedItem(eventId, 'Dinner', []);
    const answer = (as: TestUser, status: string, guests: number) =>
      stack.call('PUT', `/api/events/${eventId}/schedule/${dinner}/rsvp`, {
        as,
        body: {
          status,
          ...(guests
            ? { guests: Array.from({ length: guests }, (_, i) => ({ name: `G${i}` })) }
            : {}),
        },
      });
    // Answers given before anyone is in the group; then two members join it.
    expect((await answer(attendee, 'going', 2)).status).toBe(200);
    expect((await answer(admin, 'maybe', 0)).status).toBe(200);
    expect((await answer(creator, 'going', 0)).status).toBe(200);
    expect((await assign(eventId, party.id, creator, [attendee.uid, admin.uid])).status).toBe(200);
    const rsvps = stack.store.rsvps(eventId, dinner);
    expect((await rsvps.doc(attendee.uid).get()).data()?.groupIds).toEqual([party.id]);
    // The web's queries (features/members/guest-list-data.ts, useGroupTotals), index-checked.
    const inGroup = (status: string) =>
      rsvps.where('status', '==', status).where('groupIds', 'array-contains', party.id);
    const totals = async () => {
      const [going, withParty, maybe, members] = await Promise.all([
        inGroup('going').count().get(),
        inGroup('going')
          .aggregate({ n: AggregateField.count(), size: AggregateField.sum('party.size') })
          .get(),
        inGroup('maybe').count().get(),
        stack.store.members(eventId).where('groupIds', 'array-contains', party.id).count().get(),
      ]);
      return {
        going: going.data().count,
        heads: withParty.data().size + going.data().count - withParty.data().n,
        maybe: maybe.data().count,
        members: members.data().count,
      };
    };
    expect(await totals()).toEqual({ going: 1, heads: 3, maybe: 1, members: 2 });
    // A new answer in the group carries the groups itself; leaving the group takes them off.
    expect((await answer(admin, 'going', 1)).status).toBe(200);
    expect(await totals()).toEqual({ going: 2, heads: 5, maybe: 0, members: 2 });
    expect((await assign(eventId, party.id, creator, [], [attendee.uid])).status).toBe(200);
    expect(await totals()).toEqual({ going: 1, heads: 2, maybe: 0, members: 1 });
    // The trigger's work is idempotent: nothing left to change.
    expect(await followMemberGroups(eventId, attendee.uid)).toBe(0);
    await stack.store.member(eventId, creator.uid).update({ groupIds: [party.id] });
    expect(await followMemberGroups(eventId, creator.uid)).toBe(1);
    expect(await totals()).toEqual({ going: 2, heads: 3, maybe: 0, members: 2 });
  });

  it('the guest list CSV of one group: its members and the invitations into it', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    await grantApiAccess(stack, creator, admin, attendee);
    const party = await createGroup(eventId, creator, 'Wedding party');
    expect((await assign(eventId, party.id, creator, [admin.uid])).status).toBe(200);
    const invited = newUser('invited');
    await login(stack, invited);
    const res = await stack.call('POST', `/api/events/${eventId}/members`, {
      as: creator,
      body: { userEmail: invited.email, role: 'attendee', groupIds: [party.id] },
    });
    expect(res.status).toBe(201);
    const csv = async (group: string) =>
      stack.call<string | { error?: string }>(
        'GET',
        `/api/events/${eventId}/guest-list.csv?group=${encodeURIComponent(group)}`,
        { as: creator },
      );
    const file = await csv(party.id);
    expect(file.status).toBe(200);
    const text = String(file.body);
    expect(text).toContain(admin.email);
    expect(text).toContain(invited.email);
    expect(text).not.toContain(attendee.email);
    expect(text).not.toContain(creator.email);
    expect(await csv('no-such-group')).toEqual({
      status: 404,
      body: { error: GROUP_MESSAGES.notFound },
    });
  });

  it('unanswered reminders of a limited item reach exactly its group and the admins', async () => {
    const now = new Date('2032-03-01T12:00:00.000Z');
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const inside = newUser('inside');
    await seedMember(stack.store, eventId, inside);
    const party = await createGroup(eventId, creator, 'Wedding party');
    expect((await assign(eventId, party.id, creator, [inside.uid])).status).toBe(200);
    const dinner = await limitedItem(
      eventId,
      'Rehearsal dinner',
      [party.id],
      new Date(now.getTime() + 30 * 3_600_000).toISOString(),
    );
    await sendDueReminders(LINKS, now);
    const mailed = async (u: TestUser) =>
      (await stack.store.mailDoc(reminderMailId('unanswered', eventId, dinner, u.uid)).get())
        .exists;
    expect(await mailed(inside)).toBe(true);
    expect(await mailed(creator)).toBe(true);
    expect(await mailed(admin)).toBe(true);
    expect(await mailed(attendee)).toBe(false);
  });
});

describe('announcements to guest groups', () => {
  const post = (
    eventId: string,
    as: TestUser,
    audience: unknown,
    message = 'Dress rehearsal at 5',
  ) =>
    stack.call<{ announcement: Announcement; error?: string }>(
      'POST',
      `/api/events/${eventId}/announcements`,
      { as, body: { message, audience } },
    );

  /** An event with a "Wedding party" group: `inside` and `quiet` (announcements off) in it. */
  async function weddingParty() {
    const roles = await eventWithRoles(stack);
    const inside = newUser('inside');
    const quiet = newUser('quiet');
    for (const u of [inside, quiet]) {
      await login(stack, u);
      await seedMember(stack.store, roles.eventId, u);
    }
    await stack.store
      .user(quiet.uid)
      .set({ emailPreferences: { announcements: false } }, { merge: true });
    const party = await createGroup(roles.eventId, roles.creator, 'Wedding party');
    const family = await createGroup(roles.eventId, roles.creator, 'Family');
    expect(
      (await assign(roles.eventId, party.id, roles.creator, [inside.uid, quiet.uid])).status,
    ).toBe(200);
    return { ...roles, inside, quiet, party, family };
  }

  it('reaches exactly the group by e-mail, is read and fed only in the group, keeps its label', async () => {
    const w = await weddingParty();
    const { eventId } = w;
    const res = await post(eventId, w.admin, { groupIds: [w.party.id] });
    expect(res.status).toBe(201);
    const sent = res.body.announcement;
    expect(sent).toMatchObject({
      audience: { kind: 'groups', groupIds: [w.party.id] },
      audienceLabel: 'Wedding party',
      itemLimited: true,
      groupAccess: { [w.party.id]: true },
    });
    // The request's own fan-out needs the deployment's link secret; the scheduler's does this.
    expect(await fanOutAnnouncement(eventId, sent.id, LINKS)).toBe(1);
    const mailed = async (u: TestUser) =>
      (await stack.store.mailDoc(announcementMailId(eventId, sent.id, u.uid)).get()).data();
    const copy = await mailed(w.inside);
    expect(copy?.to).toBe(w.inside.email);
    expect(copy?.message.text).toContain('Sent to the members of Wedding party in');
    // Not the members outside, not the one with announcements off, not the hosts (they keep it).
    for (const u of [w.quiet, w.attendee, w.creator, w.admin])
      expect(await mailed(u)).toBeUndefined();
    expect((await stack.store.announcements(eventId).doc(sent.id).get()).data()).toMatchObject({
      recipientCount: 1,
    });

    // Its feed line is in the group's feed only, never in the shared one.
    await recordActivity(eventId, 'announcement', sent.id);
    const entryId = `announcement:${sent.id}`;
    expect((await stack.store.activity(eventId).doc(entryId).get()).exists).toBe(false);
    expect(
      (await stack.store.groupFeed(eventId, w.party.id).doc(entryId).get()).data(),
    ).toMatchObject({
      kind: 'announcement',
      title: `${w.admin.name} sent an announcement to Wedding party: “Dress rehearsal at 5”`,
    });
    expect((await stack.store.groupFeed(eventId, w.family.id).get()).size).toBe(0);

    // Renaming keeps the label it was sent with; an emptied group can be deleted with
    // announcements sent to it: they stay (the admins'), its feed lines go.
    const url = `/api/events/${eventId}/groups/${w.party.id}`;
    expect(
      (await stack.call('PATCH', url, { as: w.creator, body: { name: 'Bridal party' } })).status,
    ).toBe(200);
    expect(
      (await stack.store.announcements(eventId).doc(sent.id).get()).data()?.audienceLabel,
    ).toBe('Wedding party');
    expect(
      (await assign(eventId, w.party.id, w.creator, [], [w.inside.uid, w.quiet.uid])).status,
    ).toBe(200);
    expect((await stack.call('DELETE', url, { as: w.creator })).status).toBe(200);
    expect((await stack.store.groupFeed(eventId, w.party.id).get()).size).toBe(0);
    expect((await stack.store.announcements(eventId).doc(sent.id).get()).exists).toBe(true);
    // The trigger delivered again after the delete writes no line for the deleted group.
    await recordActivity(eventId, 'announcement', sent.id);
    expect((await stack.store.groupFeed(eventId, w.party.id).get()).size).toBe(0);
  });

  it('several groups: each member once; label names them all', async () => {
    const w = await weddingParty();
    const cousin = newUser('cousin');
    await login(stack, cousin);
    await seedMember(stack.store, w.eventId, cousin);
    expect(
      (await assign(w.eventId, w.family.id, w.creator, [cousin.uid, w.inside.uid])).status,
    ).toBe(200);
    const res = await post(w.eventId, w.creator, {
      groupIds: [w.party.id, w.family.id, w.party.id],
    });
    expect(res.status).toBe(201);
    const sent = res.body.announcement;
    expect(sent.audience).toEqual({ kind: 'groups', groupIds: [w.party.id, w.family.id].sort() });
    expect(sent.audienceLabel.split(', ').sort()).toEqual(['Family', 'Wedding party']);
    expect(await fanOutAnnouncement(w.eventId, sent.id, LINKS)).toBe(2);
    for (const [u, got] of [
      [w.inside, true],
      [cousin, true],
      [w.attendee, false],
      [w.quiet, false],
    ] as const) {
      expect(
        (await stack.store.mailDoc(announcementMailId(w.eventId, sent.id, u.uid)).get()).exists,
      ).toBe(got);
    }
    await recordActivity(w.eventId, 'announcement', sent.id);
    const entryId = `announcement:${sent.id}`;
    for (const g of [w.party, w.family]) {
      expect((await stack.store.groupFeed(w.eventId, g.id).doc(entryId).get()).exists).toBe(true);
    }
  });

  it('bad group audiences answer 400 with a sentence and write nothing; attendees cannot; the tier cap applies', async () => {
    const w = await weddingParty();
    const cases: [unknown, string][] = [
      [{ groupIds: ['no-such-group'] }, 'One of the chosen groups does not exist (any more).'],
      [
        { groupIds: [w.party.id, 'no-such-group'] },
        'One of the chosen groups does not exist (any more).',
      ],
      [{ groupIds: [] }, 'Choose at least one guest group.'],
      [
        { groupIds: Array.from({ length: MAX_GROUPS_PER_EVENT + 1 }, (_, i) => `g${i}`) },
        'Choose at most 10 guest groups.',
      ],
      [{ groupIds: [''] }, 'One of the chosen groups does not exist (any more).'],
      [{ groupIds: 'Wedding party' }, 'audience.groupIds must be a list'],
      [{ groupIds: [5] }, 'audience.groupIds[0] must be text'],
    ];
    for (const [audience, error] of cases) {
      expect(await post(w.eventId, w.creator, audience)).toEqual({ status: 400, body: { error } });
    }
    expect(await post(w.eventId, w.attendee, { groupIds: [w.party.id] })).toEqual({
      status: 403,
      body: { error: 'Only event admins can send announcements' },
    });
    expect((await stack.store.announcements(w.eventId).get()).size).toBe(0);
    expect((await stack.store.groupFeed(w.eventId, w.party.id).get()).size).toBe(0);

    // The creator is on Free: 2 announcements per event and day, whatever their audience.
    expect((await post(w.eventId, w.creator, { groupIds: [w.party.id] }, 'one')).status).toBe(201);
    expect((await post(w.eventId, w.admin, null, 'two')).status).toBe(201);
    expect(await post(w.eventId, w.admin, { groupIds: [w.party.id] }, 'three')).toEqual({
      status: 403,
      body: {
        error:
          "Premium subscription required: this event cannot take more announcements today on its creator's plan",
      },
    });
    expect((await stack.store.announcements(w.eventId).get()).size).toBe(2);
  });

  it('the backfill and a deleted account keep the lines in the group feeds, never the shared feed', async () => {
    const w = await weddingParty();
    const res = await post(w.eventId, w.admin, { groupIds: [w.party.id] }, 'Suits at 4');
    expect(res.status).toBe(201);
    const entryId = `announcement:${res.body.announcement.id}`;
    const groupLine = () => stack.store.groupFeed(w.eventId, w.party.id).doc(entryId).get();
    const sharedLine = () => stack.store.activity(w.eventId).doc(entryId).get();
    const { backfillEvent } = await import('../src/services/backfill.ts');
    await backfillEvent(stack.store, w.eventId);
    expect((await groupLine()).data()?.title).toBe(
      `${w.admin.name} sent an announcement to Wedding party: “Suits at 4”`,
    );
    expect((await sharedLine()).exists).toBe(false);
    // The author's account goes: the line stays in the group's feed, signed "Former member".
    const { anonymiseAuthored } = await import('../src/services/account-cascade.ts');
    await anonymiseAuthored(w.admin.uid);
    expect((await groupLine()).data()?.title).toBe(
      'Former member sent an announcement to Wedding party: “Suits at 4”',
    );
    expect((await sharedLine()).exists).toBe(false);
  });

  it('day-of summaries list a limited item only to those who see it', async () => {
    const now = new Date('2033-04-01T12:00:00.000Z');
    const w = await weddingParty();
    // Both answered Going; the attendee was then taken out of the group (or answered before
    // the limit): the summary leaves the dinner out for them.
    const dinner = await limitedItem(
      w.eventId,
      'Rehearsal dinner',
      [w.party.id],
      '2033-04-01T19:00:00.000Z',
    );
    const brunch = await limitedItem(w.eventId, 'Brunch', [], '2033-04-01T16:00:00.000Z');
    const going = async (item: string, u: TestUser) =>
      stack.store.rsvps(w.eventId, item).doc(u.uid).set({
        id: u.uid,
        eventId: w.eventId,
        scheduleId: item,
        userId: u.uid,
        status: 'going',
        respondedAt: Timestamp.now(),
      });
    await going(dinner, w.inside);
    await going(dinner, w.attendee);
    await going(brunch, w.attendee);
    await sendDueReminders(LINKS, now);
    const summary = async (u: TestUser) =>
      (
        await stack.store.mailDoc(reminderMailId('day-of', w.eventId, '2033-04-01', u.uid)).get()
      ).data();
    expect((await summary(w.inside))?.message.text).toContain('Rehearsal dinner');
    const outside = (await summary(w.attendee))?.message.text ?? '';
    expect(outside).toContain('Brunch');
    expect(outside).not.toContain('Rehearsal dinner');
    // Nobody else was going: no summary.
    for (const u of [w.quiet, w.creator, w.admin]) expect(await summary(u)).toBeUndefined();
  });
});
