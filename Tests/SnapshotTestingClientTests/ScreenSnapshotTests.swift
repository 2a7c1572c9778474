// A view controller's screen — labels, a button, Auto Layout and a stack view — snapshotted
// on devices as iOS projects snapshot theirs. Only the import lines differ from the iOS file.
import OpenQuartzCoreSnapshotTesting
import XCTest

/// A settings-like screen: a titled bar under the status bar, a column of labelled rows, a
/// wide button above the home indicator. Everything is placed by constraints against the safe area and margins.
final class SettingsScreen: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)

        let bar = UIView()
        bar.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        let title = UILabel()
        title.text = "Settings"
        title.font = .preferredFont(forTextStyle: .headline)
        title.textColor = .white
        title.translatesAutoresizingMaskIntoConstraints = false
        bar.addSubview(title)
        NSLayoutConstraint.activate([
            title.centerXAnchor.constraint(equalTo: bar.centerXAnchor),
            title.centerYAnchor.constraint(equalTo: bar.centerYAnchor),
        ])
        let names = ["Notifications", "Privacy", "Appearance"]
        let rows = UIStackView(arrangedSubviews: (0..<3).map { index in
            let row = UIView()
            row.backgroundColor = .white
            row.layer.cornerRadius = 10
            let dot = UIView()
            dot.backgroundColor = [UIColor.systemGreen, .systemOrange, .systemPink][index]
            dot.layer.cornerRadius = 8
            dot.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(dot)
            let name = UILabel()
            name.text = names[index]
            name.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(name)
            NSLayoutConstraint.activate([
                name.leadingAnchor.constraint(equalTo: dot.trailingAnchor, constant: 12),
                name.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                dot.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 14),
                dot.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                dot.widthAnchor.constraint(equalToConstant: 16),
                dot.heightAnchor.constraint(equalTo: dot.widthAnchor),
                row.heightAnchor.constraint(equalToConstant: 52),
            ])
            return row
        })
        rows.axis = .vertical
        rows.spacing = 10
        let button = UIButton(type: .system)
        button.setTitle("Save", for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        button.layer.cornerRadius = 14

        for subview in [bar, rows, button] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let safe = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: safe.topAnchor),
            bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 56),
            rows.topAnchor.constraint(equalTo: bar.bottomAnchor, constant: 20),
            rows.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 16),
            rows.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -16),
            button.leadingAnchor.constraint(equalTo: rows.leadingAnchor),
            button.trailingAnchor.constraint(equalTo: rows.trailingAnchor),
            button.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -16),
            button.heightAnchor.constraint(equalToConstant: 50),
        ])
    }
}

final class ScreenSnapshotTests: XCTestCase {
    func testSettingsOnAniPhone13() {
        assertSnapshot(of: SettingsScreen(), as: .image(on: .iPhone13))
    }

    func testSettingsOnAniPhoneSEInLandscape() {
        assertSnapshot(of: SettingsScreen(), as: .image(on: .iPhoneSe(.landscape)))
    }
}
