import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MarkedText } from './marked-text';

describe('MarkedText', () => {
  it('marks each occurrence of the words, ignoring case, and treats regex characters literally', () => {
    const { container } = render(
      <p>
        <MarkedText text="Deployment of api-v2 (v2.1) to deploy" words={['deplo', 'v2.1', '(']} />
      </p>,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Deplo',
      '(',
      'v2.1',
      'deplo',
    ]);
    expect(container.textContent).toBe('Deployment of api-v2 (v2.1) to deploy');
  });
});
