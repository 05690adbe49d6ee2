import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";
import { Skeleton } from "./skeleton";

const meta = {
  title: "UI/Card",
  component: Card,
  subcomponents: { CardHeader, CardTitle, CardDescription, CardAction, CardContent, CardFooter },
  args: { className: "max-w-sm" },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The Points Program card (SPEC §2): header, figures, a footer action. */
export const Default: Story = {
  args: { "aria-labelledby": "points-title" },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id="points-title">Points Program</h2>
        </CardTitle>
        <CardDescription>1 point per $1 spent or received, 2x through the ramp.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
          <dt>Total points received</dt>
          <dd className="font-medium">1,240</dd>
          <dt>Total points sent</dt>
          <dd className="font-medium">310</dd>
          <dt>Total ramp points</dt>
          <dd className="font-medium">96</dd>
        </dl>
      </CardContent>
      <CardFooter className="border-t">
        <Button variant="outline" size="sm">
          View Transactions
        </Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2, name: "Points Program" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "View Transactions" })).toBeEnabled();
  },
};

/** A header action sits top-right (here, the referral link's copy). */
export const WithAction: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Referral link</CardTitle>
        <CardDescription>Share it and earn a 20% referral boost.</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm">
            Copy
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="font-mono text-sm break-all">https://zpay.example/?r=AB12CD</CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const action = within(canvasElement).getByRole("button", { name: "Copy" });
    await expect(action.closest('[data-slot="card-action"]')).toBeInTheDocument();
  },
};

/** Nothing yet: the empty text from the referral page (SPEC §2). */
export const Empty: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Referrals</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">No referrals yet? Share your link and start earning rewards!</p>
      </CardContent>
    </Card>
  ),
};

/** Figures still loading: skeletons keep the card's shape. */
export const Loading: Story = {
  args: { "aria-busy": true },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Wallet balances</CardTitle>
        <Skeleton className="h-4 w-40" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </CardContent>
    </Card>
  ),
};
