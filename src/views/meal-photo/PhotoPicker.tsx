import { Trans } from '@lingui/react/macro';
import type { ChangeEvent } from 'react';

/** A photo from the device: the way through when there is no camera, the guest refused it, or no food was found. */
export function PhotoPicker({ onPick }: { onPick: (file: Blob) => void }) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onPick(file);
    event.target.value = '';
  };
  return (
    <label className="button-secondary meal-photo__picker" data-part="picker">
      <input type="file" accept="image/*" capture="environment" className="visually-hidden" onChange={onChange} />
      <Trans>Choisir une photo</Trans>
    </label>
  );
}
