import { describe, expect, test } from 'vitest';
import { imageProblem, MAX_IMAGE_BYTES } from './uploads';

describe('imageProblem', () => {
  test.each([
    [{ type: 'image/jpeg', size: 1000 }, null],
    [{ type: 'image/png', size: MAX_IMAGE_BYTES }, null],
    [{ type: 'image/webp', size: 1 }, null],
    [{ type: 'image/png', size: MAX_IMAGE_BYTES + 1 }, 'Image is too large (at most 5 MB).'],
    [{ type: 'image/gif', size: 10 }, 'Please choose a JPEG, PNG or WebP image.'],
    [{ type: 'image/svg+xml', size: 10 }, 'Please choose a JPEG, PNG or WebP image.'],
    [{ type: 'text/plain', size: 10 }, 'Please choose a JPEG, PNG or WebP image.'],
    [{ type: '', size: 10 }, 'Please choose a JPEG, PNG or WebP image.'],
  ])('%j → %j', (file, problem) => {
    expect(imageProblem(file)).toBe(problem);
  });
});
