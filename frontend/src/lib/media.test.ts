import { describe, expect, it } from 'vitest';
import { scaledImage } from './media';

const stored = `/media/${'ab'.repeat(32)}.png`;

describe('scaledImage', () => {
  it('asks the media store for the scaled copy of a stored image', () => {
    expect(scaledImage(stored, 160)).toBe(`${stored}?w=160`);
    expect(scaledImage(`${stored}?w=1280`, 320)).toBe(`${stored}?w=320`);
  });

  it('leaves outside URLs and inline data as they are', () => {
    const outside = 'https://images.example.com/media/house.jpg';
    const inline = 'data:image/png;base64,iVBORw==';
    expect(scaledImage(outside, 160)).toBe(outside);
    expect(scaledImage(inline, 320)).toBe(inline);
    expect(scaledImage('media/house.jpg', 160)).toBe('media/house.jpg');
  });
});
