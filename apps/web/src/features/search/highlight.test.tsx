import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Highlighted } from './highlight';

describe('Highlighted', () => {
  it('marks each occurrence of the words, ignoring case, and treats regex characters literally', () => {
    const { container } = render(
      <p>
        <Highlighted text="Deployment of api-v2 (v2.1) to deploy" words={['deplo', 'v2.1', '(']} />
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
