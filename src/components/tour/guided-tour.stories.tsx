import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { $onboarding, resetOnboarding } from "@/stores/onboarding";
import { GuidedTour, type GuidedTourProps } from "./guided-tour";

const steps = [
  { target: "#tour-points", title: "Your points", body: "Earn 1 point for every $1 you spend or receive." },
  { target: "#tour-profile", title: "Your profile", body: "Open Settings or log out from the profile menu." },
  { title: "You're all set", body: "Create your first zLink to start accepting crypto payments." },
];

/** A stand-in top bar whose items the steps point at; the tour closes itself as the app would. */
function TourHarness(props: GuidedTourProps) {
  const [open, setOpen] = React.useState(props.open);
  return (
    <div className="min-h-96">
      <header className="flex items-center justify-end gap-3 border-b pb-3">
        <span id="tour-points" className="rounded-md border px-3 py-1.5 text-sm">
          120 pts
        </span>
        <span id="tour-profile" className="rounded-md border px-3 py-1.5 text-sm">
          9xQe…TdZk
        </span>
      </header>
      <GuidedTour
        {...props}
        open={open}
        onClose={() => {
          props.onClose();
          setOpen(false);
        }}
      />
    </div>
  );
}

const meta = {
  title: "Tour/GuidedTour",
  component: GuidedTour,
  args: { steps, open: true, onClose: fn() },
  render: (args) => <TourHarness {...args} />,
  beforeEach: () => {
    resetOnboarding();
    return resetOnboarding;
  },
} satisfies Meta<typeof GuidedTour>;
export default meta;
type Story = StoryObj<typeof meta>;

const tour = () => within(document.body).getByRole("dialog");

/** Opens on step 1/3: Prev is disabled, focus is on Next and the points counter is outlined. */
export const FirstStep: Story = {
  play: async () => {
    const dialog = await within(document.body).findByRole("dialog", { name: "Your points" });
    await expect(dialog).toHaveTextContent("1/3");
    await expect(within(dialog).getByRole("button", { name: "Prev" })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Next" })).toHaveFocus());
    await expect(document.querySelector("#tour-points")).toHaveAttribute("data-tour-target");
    await expect(document.querySelector("#tour-profile")).not.toHaveAttribute("data-tour-target");
  },
};

/** Next moves on (2/3) and the outline follows; Prev goes back and returns focus to Next. */
export const MiddleStep: Story = {
  play: async () => {
    const dialog = await within(document.body).findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Prev" }));
    await expect(tour()).toHaveAccessibleName("Your profile");
    await expect(tour()).toHaveTextContent("2/3");
    await expect(within(tour()).getByRole("button", { name: "Prev" })).toBeEnabled();
    await expect(document.querySelector("#tour-profile")).toHaveAttribute("data-tour-target");
    await expect(document.querySelector("#tour-points")).not.toHaveAttribute("data-tour-target");
    await userEvent.click(within(tour()).getByRole("button", { name: "Prev" }));
    await expect(within(tour()).getByRole("button", { name: "Next" })).toHaveFocus();
    await userEvent.click(within(tour()).getByRole("button", { name: "Next" }));
  },
};

/** On the last step Next reads 'All Done!'; it closes the tour and marks it as seen. */
export const LastStep: Story = {
  args: { initialStep: 2 },
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole("dialog", { name: "You're all set" });
    await expect(dialog).toHaveTextContent("3/3");
    await expect(within(dialog).queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "All Done!" }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
    await expect($onboarding.get().firstTime).toBe(false);
  },
};

/** 'Don't show again' is the persisted opt-out of the onboarding store. */
export const DoNotShowAgain: Story = {
  args: { initialStep: 1 },
  play: async () => {
    const dialog = await within(document.body).findByRole("dialog");
    const checkbox = within(dialog).getByRole("checkbox", { name: "Don't show again" });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect($onboarding.get().donotShow).toBe(true);
  },
};

/** Escape closes, as does the close button. */
export const EscapeCloses: Story = {
  play: async ({ args }) => {
    await within(document.body).findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).not.toBeInTheDocument());
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(document.querySelector("[data-tour-target]")).toBeNull();
  },
};

/** The close (×) button ends the tour too. */
export const CloseButton: Story = {
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close tour" }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** The tour's own controls in French; step texts come from the caller. */
export const French: Story = {
  globals: { locale: "fr" },
  args: {
    initialStep: 2,
    steps: [
      { target: "#tour-points", title: "Vos points", body: "Gagnez 1 point pour chaque dollar dépensé ou reçu." },
      { target: "#tour-profile", title: "Votre profil", body: "Ouvrez les paramètres ou déconnectez-vous depuis le menu du profil." },
      { title: "Tout est prêt", body: "Créez votre premier zLink pour accepter des paiements en crypto." },
    ],
  },
  play: async () => {
    const dialog = await within(document.body).findByRole("dialog", { name: "Tout est prêt" });
    await expect(within(dialog).getByRole("button", { name: "Précédent" })).toBeEnabled();
    await expect(within(dialog).getByRole("button", { name: "Terminé\u00a0!" })).toBeVisible();
    await expect(within(dialog).getByRole("checkbox", { name: "Ne plus afficher" })).toBeVisible();
    await expect(within(dialog).getByRole("button", { name: "Fermer la visite" })).toBeVisible();
    await expect(dialog).toHaveTextContent("Étape 3 sur 3");
  },
};
