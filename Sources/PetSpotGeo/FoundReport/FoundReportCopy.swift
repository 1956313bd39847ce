/// The wizard's English copy (found FR-017, docs/petspot-requirements.md), for every client to use verbatim.
public enum FoundReportCopy {
  public static let photoRequired = "Please add a photo of the pet you found to continue."

  /// Every string by key (`step1.title`, ...), for clients and the CLI.
  public static let strings: [(key: String, text: String)] = [
    ("step1.progress", "1/3"), ("step1.title", "Upload photo"), ("step1.heading", "Upload photo"),
    ("step1.body", "Upload a clear photo of the pet you found. This helps the owner recognize them quickly."),
    ("step1.upload.primary", "Tap to upload a photo"), ("step1.upload.secondary", "PNG or JPG up to 10 MB"),
    ("step1.button", "Continue"),
    ("step2.progress", "2/3"), ("step2.title", "Pet details"), ("step2.heading", "Pet details"),
    ("step2.body", "Tell us what you know about the animal you found."),
    ("step2.dateFound.label", "Date found"), ("step2.dateFound.placeholder", "DD/MM/YYYY"),
    ("step2.collar.label", "Collar data (optional)"), ("step2.collar.placeholder", "00000-00000-00000"),
    ("step2.description.label", "Additional description (optional)"),
    ("step2.description.placeholder", "Any details that could help identify the pet..."),
    ("step2.gps", "Use current location"), ("step2.button", "Continue"),
    ("step3.progress", "3/3"), ("step3.title", "Contact info"), ("step3.heading", "Contact information"),
    ("step3.body", "Share your contact details so the pet’s owner can reach you."),
    ("step3.phone.label", "Your phone number"), ("step3.phone.placeholder", "+1 (555) 000-0000"),
    ("step3.email.label", "Your email"), ("step3.email.placeholder", "email@example.com"),
    ("step3.caregiverPhone.label", "Caregiver phone number (optional)"),
    ("step3.caregiverPhone.placeholder", "+1 (555) 000-0000"),
    ("step3.address.label", "Current physical address (optional)"),
    ("step3.address.placeholder", "Full address where the animal is currently located"),
    ("step3.button", "Submit report"),
  ]

  /// The text for a key, or `nil`.
  public static func text(_ key: String) -> String? {
    strings.first { $0.key == key }?.text
  }
}
