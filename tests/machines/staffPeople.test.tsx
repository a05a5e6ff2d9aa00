import { act, screen, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { StaffAccount, StaffAccountPinReply } from '../../contract/schemas.ts';
import type { StaffSectionInput } from '../../machines/staffConsole.machine.ts';
import { changeOf, type StaffPeopleContext, staffPeopleMachine } from '../../machines/staffPeople.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { PeopleSection } from '../../src/views/staff/console/people/PeopleSection.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { renderStaffSection, SECTION_INPUT } from '../app/staff-section-host.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type StaffPeopleSnapshot = SnapshotFrom<typeof staffPeopleMachine>;

const account = (id: number, name: string, role: StaffAccount['role'], enabled = true): StaffAccount => ({
  id,
  name,
  role,
  enabled,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
});

const ALICE = account(1, 'Alice Martin', 'manager');
const BRUNO = account(2, 'Bruno', 'frontDesk');
const CAMILLE = account(3, 'Camille', 'housekeeping', false);
const ACCOUNTS = [ALICE, BRUNO, CAMILLE];
const NEW_PERSON = { name: '  Chloé Durand ', role: 'housekeeping' as const };
const ADDED: StaffAccountPinReply = { account: account(4, 'Chloé Durand', 'housekeeping'), pin: '48291307' };
const RESET_PIN = '73190462';

/** The one rename and role change each person gets in the graph (spaces around it are trimmed). */
const RENAMED: Record<number, { name: string; role: StaffAccount['role'] }> = {
  [BRUNO.id]: { name: ' Bruno Renard ', role: 'manager' },
  [CAMILLE.id]: { name: 'Camille Roux', role: 'frontDesk' },
};

const ROLE_TEXT = { manager: 'Responsable', frontDesk: 'Réception', housekeeping: 'Étages' } as const;

const failure = (status: number, code: string) => new ApiError(status, code, code);

function selectedOf(context: StaffPeopleContext): StaffAccount | undefined {
  return context.accounts.find((known) => known.id === context.selectedId);
}

function accountsKey(context: Pick<StaffPeopleContext, 'accounts'>): string {
  return context.accounts.map((known) => `${known.name}/${known.role}/${known.enabled}`).join(',');
}

const ORIGINAL_LIST = accountsKey({ accounts: ACCOUNTS });

/**
 * The events each snapshot may take; the server's answers follow what was asked (a change answers the account
 * changed, a reset the account with its new PIN), as the real server would.
 */
function eventsOf(snapshot: StaffPeopleSnapshot): AnyEventObject[] {
  const { context } = snapshot;
  // Each path changes the list once at most: back in the list after a change, it ends (the graph stays small, and
  // every change is still followed to the list that shows it).
  const changed = context.accounts.length > 0 && accountsKey(context) !== ORIGINAL_LIST;
  if (snapshot.status === 'done' || (changed && snapshot.matches({ shown: 'idle' }))) return [];
  const selected = selectedOf(context);
  const events: AnyEventObject[] = [
    { type: 'xstate.done.actor.loadPeople', output: { accounts: ACCOUNTS } },
    { type: 'xstate.error.actor.loadPeople', error: failure(500, 'internal_error') },
    { type: 'xstate.error.actor.loadPeople', error: failure(401, 'staff_session_invalid') },
    { type: 'xstate.error.actor.loadPeople', error: failure(403, 'staff_role_forbidden') },
    { type: 'people.retry' },
    { type: 'person.add', ...NEW_PERSON },
    { type: 'xstate.done.actor.addPerson', output: ADDED },
    { type: 'xstate.error.actor.addPerson', error: failure(409, 'staff_account_name_taken') },
    { type: 'xstate.error.actor.addPerson', error: failure(401, 'staff_session_invalid') },
    { type: 'person.open', accountId: BRUNO.id },
    { type: 'person.open', accountId: CAMILLE.id },
    { type: 'person.close' },
    { type: 'person.askDisable' },
    { type: 'person.enable' },
    { type: 'person.askPinReset' },
    { type: 'person.confirm' },
    { type: 'person.back' },
    { type: 'xstate.error.actor.changePerson', error: failure(409, 'last_manager') },
    { type: 'xstate.error.actor.changePerson', error: failure(500, 'internal_error') },
    { type: 'xstate.error.actor.changePerson', error: failure(401, 'staff_session_invalid') },
    { type: 'xstate.error.actor.resetPin', error: failure(500, 'internal_error') },
    { type: 'xstate.error.actor.resetPin', error: failure(401, 'staff_session_invalid') },
    { type: 'pin.copy' },
    { type: 'xstate.done.actor.writeClipboard' },
    { type: 'xstate.error.actor.writeClipboard', error: new Error('Clipboard unavailable') },
    { type: 'pin.dismiss' },
  ];
  if (selected) {
    events.push(
      { type: 'person.save', name: selected.name, role: selected.role },
      { type: 'person.save', ...(RENAMED[selected.id] ?? { name: selected.name, role: selected.role }) },
      { type: 'xstate.done.actor.resetPin', output: { account: selected, pin: RESET_PIN } },
    );
    if (context.change)
      events.push({ type: 'xstate.done.actor.changePerson', output: { ...selected, ...context.change } });
  }
  return events.filter((event) => canTake(snapshot, event));
}

/** How an event reads in the graph: its type, and what tells apart two of the same type. */
function eventKey(event: AnyEventObject): string {
  if (event.type === 'person.open') return `${event.type}:${event.accountId}`;
  if (event.type === 'person.save') return `${event.type}:${event.role}`;
  if ('error' in event && event.error instanceof ApiError) return `${event.type}:${event.error.code}`;
  return event.type;
}

function model() {
  // The graph is walked without a parent: the report to the page is checked on the rendered page instead.
  const walked = staffPeopleMachine.provide({ actions: { reportRefusal: () => {} } });
  return new TestModel(walked as unknown as ActorLogic<StaffPeopleSnapshot, AnyEventObject, StaffSectionInput>, {
    input: SECTION_INPUT,
    events: eventsOf,
    // The state and the event that led there: every transition ends a path.
    // The state, who is in the list as what, and the event that led there: every transition ends a path, and each
    // path's last snapshot is the one its steps lead to.
    serializeState: (snapshot, event) =>
      `${JSON.stringify(snapshot.value)} ${accountsKey(snapshot.context)} refusal=${snapshot.context.refusal} change=${JSON.stringify(snapshot.context.change)}${event ? ` via ${eventKey(event)}` : ''}`,
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const eventOf = <Event,>(step: { event: unknown }): Event => {
  const event: unknown = step.event;
  return event as Event;
};
const dialog = () => screen.getByRole('dialog');
const list = () => screen.getByRole('table', { name: 'Qui peut se connecter' });

describe('staff people machine: model paths drive the People tab', () => {
  for (const path of model().getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(['loadPeople', 'addPerson', 'changePerson', 'resetPin', 'writeClipboard']);
      const { user, toldPage } = renderStaffSection(controlled.provideTo(staffPeopleMachine), (actorRef) => (
        <PeopleSection actorRef={actorRef} />
      ));
      await path.test({
        states: {
          loading: async () => {
            expect(await screen.findByRole('status')).toHaveTextContent('Chargement des personnes…');
            expect(controlled.calls.at(-1)).toEqual({ name: 'loadPeople', input: SECTION_INPUT });
          },
          failed: async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent('Impossible de charger les personnes.');
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
          },
          'shown.idle': async (snapshot) => {
            const rows = within(await screen.findByRole('table'))
              .getAllByRole('row')
              .slice(1);
            expect(rows.map((row) => row.textContent)).toEqual(
              snapshot.context.accounts.map(
                (known) => `${known.name}${known.enabled ? '' : 'Désactivé'}${ROLE_TEXT[known.role]}`,
              ),
            );
            expect(screen.queryByRole('dialog')).toBeNull();
            const refusal = screen.queryByRole('alert');
            if (snapshot.context.refusal === 'nameTaken')
              expect(refusal).toHaveTextContent(
                "Une autre personne de l'hôtel porte déjà ce nom : choisissez-en un autre.",
              );
            else expect(refusal).toBeNull();
            expect(screen.getByRole('button', { name: 'Ajouter' })).toBeEnabled();
          },
          'shown.adding': async () => {
            expect(await screen.findByRole('button', { name: 'Ajout…' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'addPerson',
              input: { ...SECTION_INPUT, person: { name: 'Chloé Durand', role: 'housekeeping' } },
            });
          },
          'shown.managing.editing': async (snapshot) => {
            const selected = selectedOf(snapshot.context) as StaffAccount;
            expect(await screen.findByRole('dialog', { name: selected.name })).toBeVisible();
            // A refused change stays in the form, to be corrected.
            const shown = snapshot.context.change ?? {};
            const name = within(dialog()).getByLabelText('Nom') as HTMLInputElement;
            expect(name.value.trim()).toBe(shown.name ?? selected.name);
            expect(within(dialog()).getByLabelText('Rôle')).toHaveValue(shown.role ?? selected.role);
            // Only the access change that applies is offered.
            expect(within(dialog()).queryByRole('button', { name: "Désactiver l'accès" }) !== null).toBe(
              selected.enabled,
            );
            expect(within(dialog()).queryByRole('button', { name: "Réactiver l'accès" }) !== null).toBe(
              !selected.enabled,
            );
            const refusal = within(dialog()).queryByRole('alert');
            const texts = {
              lastManager: "C'est le dernier responsable de l'hôtel : nommez d'abord un autre responsable.",
              failed: 'Une erreur est survenue',
              nameTaken: "Une autre personne de l'hôtel porte déjà ce nom : choisissez-en un autre.",
            };
            if (snapshot.context.refusal) expect(refusal).toHaveTextContent(texts[snapshot.context.refusal]);
            else expect(refusal).toBeNull();
          },
          'shown.managing.confirmingDisable': async (snapshot) => {
            const { name } = selectedOf(snapshot.context) as StaffAccount;
            expect(
              await within(dialog()).findByText(
                `Désactiver l'accès de ${name} ? Ses sessions ouvertes se ferment tout de suite et son PIN ne marchera plus. Ce qu'il ou elle a fait reste dans le journal.`,
              ),
            ).toBeVisible();
            expect(within(dialog()).getByRole('button', { name: "Désactiver l'accès" })).toBeEnabled();
          },
          'shown.managing.confirmingPinReset': async (snapshot) => {
            const { name } = selectedOf(snapshot.context) as StaffAccount;
            expect(
              await within(dialog()).findByText(
                `Donner un nouveau PIN à ${name} ? L'ancien ne marchera plus et ses sessions ouvertes se ferment tout de suite.`,
              ),
            ).toBeVisible();
          },
          'shown.managing.saving': async (snapshot) => {
            const selected = selectedOf(snapshot.context) as StaffAccount;
            expect(controlled.calls.at(-1)).toEqual({
              name: 'changePerson',
              input: { ...SECTION_INPUT, accountId: selected.id, change: snapshot.context.change },
            });
            for (const button of within(dialog()).getAllByRole('button')) expect(button).toBeDisabled();
          },
          'shown.managing.resettingPin': async (snapshot) => {
            const selected = selectedOf(snapshot.context) as StaffAccount;
            expect(controlled.calls.at(-1)).toEqual({
              name: 'resetPin',
              input: { ...SECTION_INPUT, accountId: selected.id },
            });
            expect(within(dialog()).getByRole('button', { name: 'Création du PIN…' })).toBeDisabled();
          },
          'shown.pinShown.ready': async (snapshot) => {
            const shown = snapshot.context.pin as StaffAccountPinReply;
            expect(await screen.findByRole('dialog', { name: `PIN de ${shown.account.name}` })).toBeVisible();
            const pin = within(dialog()).getByText(shown.pin);
            expect(pin).toHaveAttribute('dir', 'ltr');
            expect(within(dialog()).getByText(/il ne sera plus affiché/)).toBeVisible();
            // The account is in the list behind the dialog, as the server answered it.
            expect(within(list()).getByRole('button', { name: `Gérer ${shown.account.name}` })).toBeInTheDocument();
          },
          'shown.pinShown.copying': async (snapshot) => {
            expect(controlled.calls.at(-1)).toEqual({
              name: 'writeClipboard',
              input: { text: snapshot.context.pin?.pin },
            });
            expect(within(dialog()).getByRole('button', { name: 'Copier le PIN' })).toBeDisabled();
          },
          'shown.pinShown.copied': async () => {
            expect(await within(dialog()).findByRole('status')).toHaveTextContent('PIN copié');
          },
          'shown.pinShown.copyFailed': async () => {
            expect(await within(dialog()).findByRole('status')).toHaveTextContent(
              'Copie impossible : recopiez le PIN à la main.',
            );
            expect(within(dialog()).getByRole('button', { name: 'Copier le PIN' })).toBeEnabled();
          },
          refused: async () => {
            expect(toldPage()).not.toBeNull();
            expect(screen.queryByRole('table')).toBeNull();
            expect(screen.queryByRole('dialog')).toBeNull();
          },
        },
        events: {
          'xstate.done.actor.loadPeople': async (step) => {
            await act(async () => controlled.resolve('loadPeople', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadPeople': async (step) => {
            await act(async () => controlled.reject('loadPeople', eventOf<{ error: unknown }>(step).error));
          },
          'people.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Réessayer' }));
          },
          'person.add': async () => {
            await user.click(screen.getByLabelText('Nom'));
            await user.paste(NEW_PERSON.name);
            await user.selectOptions(screen.getByLabelText('Rôle'), 'Étages');
            await user.click(screen.getByRole('button', { name: 'Ajouter' }));
          },
          'xstate.done.actor.addPerson': async (step) => {
            await act(async () => controlled.resolve('addPerson', eventOf<{ output: unknown }>(step).output));
            // The form is empty again, ready for the next person.
            expect(screen.getByLabelText('Nom')).toHaveValue('');
          },
          'xstate.error.actor.addPerson': async (step) => {
            await act(async () => controlled.reject('addPerson', eventOf<{ error: unknown }>(step).error));
          },
          'person.open': async (step) => {
            const { accountId } = eventOf<{ accountId: number }>(step);
            const name = ACCOUNTS.find((known) => known.id === accountId)?.name;
            await user.click(screen.getByRole('button', { name: `Gérer ${name}` }));
          },
          'person.close': async () => {
            await user.click(within(dialog()).getByRole('button', { name: 'Fermer' }));
          },
          'person.save': async (step) => {
            const { name, role } = eventOf<{ name: string; role: StaffAccount['role'] }>(step);
            const field = within(dialog()).getByLabelText('Nom');
            await user.clear(field);
            await user.paste(name);
            await user.selectOptions(within(dialog()).getByLabelText('Rôle'), ROLE_TEXT[role]);
            await user.click(within(dialog()).getByRole('button', { name: 'Enregistrer' }));
          },
          'person.askDisable': async () => {
            await user.click(within(dialog()).getByRole('button', { name: "Désactiver l'accès" }));
          },
          'person.enable': async () => {
            await user.click(within(dialog()).getByRole('button', { name: "Réactiver l'accès" }));
          },
          'person.askPinReset': async () => {
            await user.click(within(dialog()).getByRole('button', { name: 'Nouveau PIN' }));
          },
          'person.confirm': async () => {
            const [confirm] = within(dialog())
              .getAllByRole('button')
              .filter((button) => button.dataset.part === 'confirm');
            await user.click(confirm as HTMLElement);
          },
          'person.back': async () => {
            await user.click(within(dialog()).getByRole('button', { name: 'Retour' }));
          },
          'xstate.done.actor.changePerson': async (step) => {
            await act(async () => controlled.resolve('changePerson', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.changePerson': async (step) => {
            await act(async () => controlled.reject('changePerson', eventOf<{ error: unknown }>(step).error));
          },
          'xstate.done.actor.resetPin': async (step) => {
            await act(async () => controlled.resolve('resetPin', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.resetPin': async (step) => {
            await act(async () => controlled.reject('resetPin', eventOf<{ error: unknown }>(step).error));
          },
          'pin.copy': async () => {
            await user.click(within(dialog()).getByRole('button', { name: /^Copier le PIN|PIN copié$/ }));
          },
          'xstate.done.actor.writeClipboard': async () => {
            await act(async () => controlled.resolve('writeClipboard', undefined));
          },
          'xstate.error.actor.writeClipboard': async (step) => {
            await act(async () => controlled.reject('writeClipboard', eventOf<{ error: unknown }>(step).error));
          },
          'pin.dismiss': async () => {
            await user.click(within(dialog()).getByRole('button', { name: "C'est noté" }));
          },
        },
      });
    });
  }
});

describe('a person’s change', () => {
  it('holds only what differs, the name trimmed', () => {
    expect(changeOf(BRUNO, ' Bruno ', 'frontDesk')).toEqual({});
    expect(changeOf(BRUNO, 'Bruno Petit', 'frontDesk')).toEqual({ name: 'Bruno Petit' });
    expect(changeOf(BRUNO, 'Bruno', 'manager')).toEqual({ role: 'manager' });
  });
});

describe('a call refused for who is signed in', () => {
  it.each([
    [failure(401, 'staff_session_invalid'), 'expired'],
    [failure(403, 'staff_role_forbidden'), 'forbidden'],
  ] as const)('%s tells the page %s', async (error, told) => {
    const controlled = controlledActors(['loadPeople', 'addPerson', 'changePerson', 'resetPin', 'writeClipboard']);
    const { toldPage } = renderStaffSection(controlled.provideTo(staffPeopleMachine), (actorRef) => (
      <PeopleSection actorRef={actorRef} />
    ));
    await act(async () => controlled.reject('loadPeople', error));
    expect(toldPage()).toBe(told);
  });
});
