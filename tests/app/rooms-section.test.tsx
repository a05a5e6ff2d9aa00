/**
 * The content editor's Rooms section (docs/behaviour.md#rooms-and-qr-codes): rooms change in the draft (a new one has
 * no QR id until its save, a removed one says its printed code stops working), a rotation waits for a saved draft,
 * the new code is offered to print, and a PDF opens in a tab opened at the click.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ContentProblem, ContentReply } from '../../contract/content-editor.ts';
import { contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import { qrCodesMachine } from '../../machines/qrCodes.machine.ts';
import { openPdf } from '../../src/views/staff/console/content/rooms/openPdf.ts';
import { RoomsSection } from '../../src/views/staff/console/content/rooms/RoomsSection.tsx';
import { controlledActors } from './controlled-actors.ts';
import { ROOMS_CONTENT } from './rooms-fixtures.ts';
import { renderStaffSection, SECTION_INPUT } from './staff-section-host.tsx';

/** The section in an editor whose loads answer `contents` in turn (the last one again after). */
function renderRooms(contents: ContentReply[] = [ROOMS_CONTENT]) {
  const controlled = controlledActors(['rotate', 'printSheet']);
  let loads = 0;
  const editor = contentEditorMachine.provide({
    actors: {
      loadContent: fromPromise(async () => contents[Math.min(loads++, contents.length - 1)] ?? ROOMS_CONTENT),
      checkContent: fromPromise(async (): Promise<ContentProblem[]> => []),
    },
  });
  let editorRef: Parameters<typeof RoomsSection>[0]['actorRef'] | undefined;
  const rendered = renderStaffSection(editor, (actorRef) => {
    editorRef = actorRef;
    return <RoomsSection actorRef={actorRef} logic={controlled.provideTo(qrCodesMachine)} />;
  });
  const draftRooms = () => editorRef?.getSnapshot().context.draft?.rooms;
  return { ...rendered, controlled, draftRooms };
}

describe('Rooms section', () => {
  it('adds a room without a QR id, renames and removes rooms in the draft; rotation waits for the save', async () => {
    const { user, controlled, draftRooms } = renderRooms();
    const room102 = within(await screen.findByRole('group', { name: 'Chambre 102' }));
    expect(room102.getByText('tilleuls-102')).toBeVisible();
    expect(screen.getByText(/Une chambre retirée n'ouvre plus de séjour avec son QR code imprimé/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ajouter une chambre' }));
    const added = within(screen.getByRole('group', { name: 'Nouvelle chambre' }));
    expect(added.getByText("QR code créé à l'enregistrement")).toBeVisible();
    // Not saved yet: nothing to renew or print.
    expect(added.queryByRole('button', { name: 'Nouveau QR code' })).toBeNull();
    expect(added.queryByRole('button', { name: 'Imprimer' })).toBeNull();
    await user.type(added.getByLabelText('Numéro'), '301');
    expect(draftRooms()?.at(-1)).toEqual({ number: '301' });
    expect(screen.getByRole('group', { name: 'Chambre 301' })).toBeVisible();

    await user.click(room102.getByRole('button', { name: 'Retirer' }));
    expect(draftRooms()?.map((room) => room.number)).toEqual(['101', '301']);

    // A changed draft: rotations wait, saying why; printing still works from the saved rooms.
    const renew = within(screen.getByRole('group', { name: 'Chambre 101' })).getByRole('button', {
      name: 'Nouveau QR code',
    });
    expect(renew).toBeDisabled();
    expect(renew).toHaveAccessibleDescription(
      'Enregistrez ou annulez vos modifications avant de renouveler un QR code.',
    );
    expect(screen.getByRole('button', { name: 'Nouvelle clé' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nouveau code' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Imprimer toutes les chambres' }));
    expect(controlled.calls).toEqual([{ name: 'printSheet', input: { ...SECTION_INPUT, sheet: {} } }]);
  });

  it('after a rotation the editor shows the new id and offers to print that card', async () => {
    const rotated: ContentReply = {
      ...ROOMS_CONTENT,
      version: 'v2',
      document: {
        ...ROOMS_CONTENT.document,
        rooms: [{ number: '101', qrId: 'k7m2qx9pd4ht' }, ...(ROOMS_CONTENT.document.rooms ?? []).slice(1)],
      },
    };
    const { user, controlled } = renderRooms([ROOMS_CONTENT, rotated]);
    const room101 = () => within(screen.getByRole('group', { name: 'Chambre 101' }));
    await screen.findByRole('group', { name: 'Chambre 101' });
    await user.click(room101().getByRole('button', { name: 'Nouveau QR code' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renouveler' }));
    await act(async () => controlled.resolve('rotate', undefined));
    expect(await screen.findByRole('status')).toHaveTextContent('Chambre 101 : nouveau QR code.');
    expect(await room101().findByText('k7m2qx9pd4ht')).toBeVisible();
    expect(room101().getByRole('button', { name: 'Nouveau QR code' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Imprimer le nouveau' }));
    expect(controlled.calls.at(-1)).toEqual({
      name: 'printSheet',
      input: { ...SECTION_INPUT, sheet: { room: '101' } },
    });
  });
});

describe('openPdf', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the tab at the click, before the file arrives, then shows the file in it', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:sheet');
    URL.revokeObjectURL = vi.fn();
    let deliver: (blob: Blob) => void = () => {};
    const opened = openPdf(() => new Promise<Blob>((resolve) => (deliver = resolve)), 'sheet.pdf');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('');
    deliver(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    await opened;
    expect(tab.location.href).toBe('blob:sheet');
  });

  it('closes the tab when the file cannot be had', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await expect(openPdf(() => Promise.reject(new Error('offline')), 'sheet.pdf')).rejects.toThrow('offline');
    expect(tab.close).toHaveBeenCalled();
  });
});
