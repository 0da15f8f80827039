"""Which ported validate() checks each resource type (one explicit table, no discovery).

Each check is Heat's validate() of that type, from the point where it
calls its base class, restricted to what needs no cloud.  A type whose
validate() calls another's (OS::Heat::AutoScalingGroup inherits the AWS
group's sizes) names that port.  Types Heat implements with
OS::Heat::None (the retired LBaaS, Senlin, Sahara... types) validate
nothing.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

from hot_ls.rules.plugins import aws, cinder, heat, keystone, mistral, neutron, nova, octavia, other
from hot_ls.rules.plugins.subject import Subject

Check = Callable[[Subject], None]

CHECKS: dict[str, Check] = {
    # OS::Nova
    'OS::Nova::Server': nova.server,
    'OS::Nova::KeyPair': nova.keypair,
    'OS::Nova::Quota': other.quota,
    # OS::Neutron
    'OS::Neutron::Net': neutron.value_specs,
    'OS::Neutron::Firewall': neutron.value_specs,
    'OS::Neutron::Subnet': neutron.subnet,
    'OS::Neutron::SecurityGroup': neutron.security_group,
    'OS::Neutron::SecurityGroupRule': neutron.security_group_rule,
    'OS::Neutron::Port': neutron.port,
    'OS::Neutron::FloatingIP': neutron.floating_ip,
    'OS::Neutron::Router': neutron.router,
    'OS::Neutron::RouterInterface': neutron.router_interface,
    'OS::Neutron::ProviderNet': neutron.provider_net,
    'OS::Neutron::Segment': neutron.segment,
    'OS::Neutron::SubnetPool': neutron.subnet_pool,
    'OS::Neutron::NetworkGateway': neutron.network_gateway,
    'OS::Neutron::RBACPolicy': neutron.rbac_policy,
    'OS::Neutron::Quota': other.quota,
    # OS::Cinder
    'OS::Cinder::Volume': cinder.volume,
    'OS::Cinder::VolumeType': cinder.volume_type,
    'OS::Cinder::Quota': partial(other.quota, names=('gigabytes', 'snapshots', 'volumes',
                                                       'backups', 'backup_gigabytes')),
    # OS::Heat
    'OS::Heat::RandomString': heat.random_string,
    'OS::Heat::Value': heat.value,
    'OS::Heat::SoftwareDeployment': heat.software_deployment,
    'OS::Heat::StructuredDeployment': heat.software_deployment,
    'OS::Heat::ScalingPolicy': heat.scaling_policy,
    'OS::Heat::AutoScalingGroup': heat.autoscaling_group,
    'OS::Heat::ResourceGroup': heat.resource_group,
    # OS::Mistral
    'OS::Mistral::Workflow': mistral.workflow,
    'OS::Mistral::CronTrigger': mistral.cron_trigger,
    # OS::Octavia
    'OS::Octavia::Pool': octavia.pool,
    'OS::Octavia::Listener': octavia.listener,
    'OS::Octavia::L7Policy': octavia.l7_policy,
    'OS::Octavia::L7Rule': octavia.l7_rule,
    'OS::Octavia::Quota': other.quota,
    # OS::Keystone
    'OS::Keystone::User': keystone.role_assignments,
    'OS::Keystone::Group': keystone.role_assignments,
    'OS::Keystone::UserRoleAssignment': keystone.role_assignments,
    'OS::Keystone::GroupRoleAssignment': keystone.role_assignments,
    # other services
    'OS::Zun::Container': other.zun_container,
    'OS::Zaqar::Subscription': other.zaqar_subscription,
    'OS::Glance::WebImage': other.glance_web_image,
    'OS::Barbican::Secret': other.barbican_secret,
    'OS::Barbican::GenericContainer': other.barbican_generic_container,
    'OS::Barbican::CertificateContainer': other.barbican_ref_container,
    'OS::Barbican::RSAContainer': other.barbican_ref_container,
    'OS::Trove::Instance': other.trove_instance,
    'OS::Trove::Cluster': other.trove_cluster,
    # AWS
    'AWS::EC2::EIPAssociation': aws.eip_association,
    'AWS::AutoScaling::LaunchConfiguration': aws.launch_configuration,
    'AWS::AutoScaling::AutoScalingGroup': heat.aws_autoscaling_group,
    'AWS::AutoScaling::ScalingPolicy': heat.aws_scaling_policy,
}
