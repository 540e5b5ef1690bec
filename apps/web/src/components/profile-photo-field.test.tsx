import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderUi } from '../testing';
import { ProfilePhotoField } from './profile-photo-field';

/** Picks a small PNG in the photo field whose upload fails with `failure`; resolves to the toast's text. */
async function failedUpload(failure: unknown) {
  renderUi(<ProfilePhotoField value="" name="Quinn Tester" onChange={() => {}} upload={() => Promise.reject(failure)} />);
  await userEvent.upload(screen.getByLabelText('Profile photo'), new File([new Uint8Array(64)], 'me.png', { type: 'image/png' }));
  return (await screen.findByRole('alert')).textContent;
}

describe('a failed profile photo upload says why', () => {
  it("'Failed to upload image' when the upload never reached the server", async () => {
    expect(await failedUpload(new ApiError(MSG.networkLost, 0))).toContain('Failed to upload image');
  });
  it("'Image upload failed' when the server could not store it", async () => {
    expect(await failedUpload(new ApiError(MSG.somethingWentWrong, 500))).toContain('Image upload failed');
  });
  it("the server's own words when it refused the file", async () => {
    expect(await failedUpload(new ApiError('This file is not supported', 400))).toContain('This file is not supported');
  });
  it("the server's own words when it refused one upload too many", async () => {
    expect(await failedUpload(new ApiError('Too many uploads. Try again in 4 minutes', 429))).toContain('Try again in 4 minutes');
  });
});
