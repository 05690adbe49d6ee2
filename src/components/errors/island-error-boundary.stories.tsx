import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { IslandErrorBoundary } from "./island-error-boundary";

/** A screen that throws while rendering: what an island's code may do on a failed request or a bug. */
function Throws({ error }: { error: unknown }): never {
  throw error;
}

const meta = {
  title: "Errors/IslandErrorBoundary",
  component: IslandErrorBoundary,
  parameters: { layout: "fullscreen" },
  args: { children: null },
} satisfies Meta<typeof IslandErrorBoundary>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A 500 from the API: SPEC §8's Internal Server Error screen, announced. */
export const ServerError: Story = {
  args: { children: <Throws error={new ApiRequestError(500, "", "internal")} /> },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent("Internal Server Error");
    await expect(c.getByText("API request failed. Internal server error.")).toBeVisible();
    await expect(c.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  },
};

/** A bug (not a request): Something went wrong, with no talk of an API. */
export const Unexpected: Story = {
  args: { children: <Throws error={new TypeError("Cannot read properties of undefined (reading 'rows')")} /> },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading")).toHaveTextContent("Something went wrong");
    await expect(c.getByText("This page stopped on an unexpected error. Reload it to try again.")).toBeVisible();
    await expect(c.queryByText(/reading 'rows'/)).toBeNull();
  },
};

/** Nothing thrown: the screen as is. */
export const Healthy: Story = {
  args: { children: <p>The screen</p> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("The screen")).toBeVisible();
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
  },
};

export const UnexpectedFrench: Story = {
  args: Unexpected.args,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Cette page s’est arrêtée sur une erreur inattendue. Rechargez-la pour réessayer.")).toBeVisible();
  },
};

export const ServerErrorPhone: Story = { args: ServerError.args, globals: { viewport: { value: "phone" } } };
