import UIKit

/// A view controller in the storyboard style: an outlet, a button wired with target–action,
/// and an action that animates the button when it is tapped.
public class PulseButtonViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel!

    public let button = UIButton(type: .system)
    public private(set) var taps = 0
    public private(set) var lastSender: UIButton?

    public override func viewDidLoad() {
        super.viewDidLoad()
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
        button.setTitle("Pulse", for: .normal)
        button.addTarget(self, action: #selector(buttonTapped(_:)), for: .touchUpInside)
        view.addSubview(button)
    }

    @objc func buttonTapped(_ sender: UIButton) {
        taps += 1
        lastSender = sender
        UIView.animate(withDuration: 0.2) {
            sender.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        }
    }

    @objc private func unused() {}
}
