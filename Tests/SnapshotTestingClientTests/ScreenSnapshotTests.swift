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

/// A mail-like list: a table of subtitle rows with disclosure indicators under a navigation bar
/// with a large title and an add button, a segmented control above the rows, in the first tab
/// of a tab bar controller.
final class InboxList: UITableViewController {
    let messages = [
        ("Anna", "Lunch on Friday?"), ("Build server", "Nightly build passed"), ("Marco", "Slides for Monday"),
        ("Priya", "Re: animation timing"), ("Calendar", "Design review at 3 pm"),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add)
        let filter = UISegmentedControl(items: ["All", "Unread", "Flagged"])
        filter.selectedSegmentIndex = 0
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 48))
        filter.frame = CGRect(x: 16, y: 8, width: 358, height: 32)
        filter.autoresizingMask = [.flexibleWidth]
        header.addSubview(filter)
        tableView.tableHeaderView = header
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message")
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "message")
        cell.textLabel?.text = messages[indexPath.row].0
        cell.detailTextLabel?.text = messages[indexPath.row].1
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

func makeMailTabs() -> UITabBarController {
    let inbox = UINavigationController(rootViewController: InboxList(style: .plain))
    inbox.navigationBar.prefersLargeTitles = true
    inbox.tabBarItem = UITabBarItem(title: "Mail", image: nil, tag: 0)
    inbox.tabBarItem.badgeValue = "2"
    let settings = UIViewController()
    settings.title = "Settings"
    let tabs = UITabBarController()
    tabs.viewControllers = [inbox, settings]
    return tabs
}

final class ScreenSnapshotTests: XCTestCase {
    func testMailListInTabsOnAniPhone13() {
        assertSnapshot(of: makeMailTabs(), as: .image(on: .iPhone13))
    }

    func testSettingsOnAniPhone13() {
        assertSnapshot(of: SettingsScreen(), as: .image(on: .iPhone13))
    }

    func testSettingsOnAniPhoneSEInLandscape() {
        assertSnapshot(of: SettingsScreen(), as: .image(on: .iPhoneSe(.landscape)))
    }
}
