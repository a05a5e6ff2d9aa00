import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import LimeatInstructionsModal from '../../src/views/actions/modals/LimeatInstructionsModal.tsx';
import ProofInstructionsModal from '../../src/views/actions/modals/ProofInstructionsModal.tsx';
import { modalDialog, renderActionModal } from './action-modal-harness.tsx';
import { makeAction, makeHotel, STAY_ID } from './stay-fixtures.ts';

const props = { endDate: null, nights: null, flow: undefined, onClose: vi.fn() };

describe('PROOF modal (QR instructions, or a collected banner)', () => {
  it('explains where and how to scan the QR code', async () => {
    await renderActionModal(
      <ProofInstructionsModal
        {...props}
        action={makeAction({ actType: 'PROOF', aadName: 'Tri sélectif', aadDescription: 'Le QR code est au bar.' })}
      />,
    );
    const dialog = modalDialog('proof');
    expect(dialog).toHaveAttribute('data-state', 'instructions');
    expect(within(dialog).getByText('Le QR code est au bar.')).toBeVisible();
    expect(within(dialog).getByText(/scannez le QR code/)).toBeVisible();
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('shows the collected banner once done', async () => {
    await renderActionModal(
      <ProofInstructionsModal {...props} action={makeAction({ actType: 'PROOF', alreadyCompleted: true })} />,
    );
    expect(modalDialog('proof')).toHaveAttribute('data-state', 'collected');
    expect(screen.getByRole('status')).toHaveTextContent('Action collectée !');
    expect(screen.queryByText(/scannez le QR code/)).toBeNull();
  });
});

describe('LIMEAT modal (meal photo instructions and the camera page)', () => {
  it('links to the camera page with the current night and the end date', async () => {
    await renderActionModal(
      <LimeatInstructionsModal
        {...props}
        endDate="2026-11-24"
        action={makeAction({ actId: 11, actType: 'LIMEAT', currentNightId: '2026-11-21' })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Prendre une photo de mon repas' })).toHaveAttribute(
      'href',
      `/camera/${STAY_ID}/11?nId=2026-11-21&endDate=2026-11-24`,
    );
  });

  it('keeps the demo prefix and leaves out an unknown end date', async () => {
    await renderActionModal(
      <LimeatInstructionsModal {...props} action={makeAction({ actId: 11, actType: 'LIMEAT' })} />,
      { url: `/demo/stay/${STAY_ID}`, hotel: makeHotel({ isDemo: true }) },
    );
    expect(screen.getByRole('link', { name: 'Prendre une photo de mon repas' })).toHaveAttribute(
      'href',
      `/demo/camera/${STAY_ID}/11?nId=2026-11-21`,
    );
  });
});
