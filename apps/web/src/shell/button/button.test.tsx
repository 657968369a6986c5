import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';

afterEach(() => vi.restoreAllMocks());

describe('button', () => {
  it('runs the action on a click', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while disabled or loading', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button onClick={onClick} disabled>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    rerender(
      <Button onClick={onClick} loading>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form while loading', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" loading>
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks 'Confirm your selection' by default and runs only on acceptance", async () => {
    const onClick = vi.fn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(
      <Button onClick={onClick} confirm>
        Delete
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith('Confirm your selection');
    expect(onClick).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("asks 'Confirm your choice' for confirm='choice', and a custom text as it is", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { rerender } = render(<Button confirm="choice">Go</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(confirm).toHaveBeenLastCalledWith('Confirm your choice');
    rerender(<Button confirm="Remove this banner?">Go</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(confirm).toHaveBeenLastCalledWith('Remove this banner?');
  });

  it('does not ask for confirmation while loading', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(
      <Button confirm loading>
        Go
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(confirm).not.toHaveBeenCalled();
  });
});
